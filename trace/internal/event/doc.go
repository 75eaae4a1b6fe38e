// Package event is trace's event model: the closed set of event kinds,
// the flat Event and its views by kind, the header, and the spec table of
// every line's fields, which drives the codec, the packed store and the
// JSON Schema alike. Package trace gives it its public names; the codec
// and the fold both import it, so that neither imports the other.
package event
