// Package codec reads and writes trace files: versions 1, 2 and 3 of the
// format that package trace documents, each driven by the event package's
// spec table. Package trace gives Reader, Writer and the format's limits
// their public names; the fold reaches the codec only through the few
// functions that trace's Limiter, Builder and tests need.
package codec
