package trace

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/searchviz/searchviz/internal/testenv"
	"github.com/searchviz/searchviz/trace/internal/codec"
	"github.com/searchviz/searchviz/trace/internal/event"
)

// TestMain defines the -update flag unless another test file of this
// package already has, so golden tests written apart can share it.
func TestMain(m *testing.M) {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata and schema.json")
	}
	os.Exit(m.Run())
}

// updating reports whether the tests were asked to rewrite golden files.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// object is a JSON object that keeps its members in order, so the
// generated schema reads top-down.
type object []member

type member struct {
	key   string
	value any
}

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// typeSchema returns the schema of a Field type.
func typeSchema(t *testing.T, typ string) object {
	if elem, ok := strings.CutSuffix(typ, "[]"); ok {
		return object{{"type", "array"}, {"items", typeSchema(t, elem)}}
	}
	ref := func(name string) object { return object{{"$ref", "#/$defs/" + name}} }
	switch typ {
	case "integer", "boolean":
		return object{{"type", typ}}
	case "string":
		// maxLength counts characters; MaxString caps bytes of UTF-8,
		// which the schema cannot say.
		return object{{"type", "string"}, {"maxLength", MaxString}}
	case "number", "node", "score", "counters":
		return ref(typ)
	case "joint":
		return object{{"type", "array"}, {"items", ref("move")}, {"minItems", 2}, {"maxItems", 2}}
	case "truncation":
		return object{{"enum", event.TruncationEnum.ValidNames()}}
	case "number|null":
		return object{{"anyOf", []object{ref("number"), {{"type", "null"}}}}}
	case "node_kind":
		return object{{"enum", event.NodeTypeEnum.ValidNames()}}
	case "cut":
		return object{{"enum", event.CutKindEnum.ValidNames()}}
	case "params":
		return object{{"type", "object"}, {"maxProperties", MaxParams}, {"propertyNames", object{{"maxLength", MaxString}}},
			{"additionalProperties", object{{"type", "string"}, {"maxLength", MaxString}}}}
	case "time":
		return object{{"type", "string"}, {"format", "date-time"}}
	}
	t.Fatalf("field type %q has no schema", typ)
	return nil
}

// objectSchema returns the schema of an object with the given fields;
// unknown members are allowed, as readers skip them.
func objectSchema(t *testing.T, help string, fields []Field, special func(Field) object) object {
	var props object
	var required []string
	for _, f := range fields {
		s := special(f)
		if s == nil {
			s = typeSchema(t, f.Type)
		}
		props = append(props, member{f.Name, append(object{{"description", f.Help}}, s...)})
		if !f.Optional {
			required = append(required, f.Name)
		}
	}
	o := object{}
	if help != "" {
		o = append(o, member{"description", help})
	}
	return append(o, member{"type", "object"}, member{"properties", props}, member{"required", required})
}

// compactSchemas returns the definitions of version 2's lines: "line",
// one of the kinds' lines, and for each kind its line and its object of
// fields given by name.
func compactSchemas(t *testing.T) object {
	ref := func(name string) object { return object{{"$ref", "#/$defs/" + name}} }
	var oneOf []object
	var defs object
	for _, k := range Kinds() {
		code, pos := codec.Layout(k)
		name := "line_" + k.String()
		oneOf = append(oneOf, ref(name))
		fields := Spec(k).Fields[2:]
		slots := []object{{{"const", string(code)}}}
		for _, id := range pos {
			f := fields[slices.IndexFunc(fields, func(f Field) bool { return f.Name == event.FieldInfos[id].Name })]
			slots = append(slots, object{{"description", f.Help}, {"anyOf", []object{typeSchema(t, f.Type), {{"type", "null"}}, ref("named_" + k.String())}}})
		}
		named := fields
		if k == KindSelect {
			nullable := func(help string, schema object) object {
				return object{{"description", help}, {"anyOf", []object{schema, {{"type", "null"}}, ref("named_select")}}}
			}
			slots = append(slots,
				nullable("the candidates with one visit more since the last select of the same node (and player), flat: index, the value added, index, ...",
					object{{"type", "array"}, {"items", ref("number")}}),
				nullable("the chosen child's index among the children the node's expand event added; by default the first unvisited candidate, else the first of greatest UCB1, or the same as a select just before at the same node",
					object{{"type", "integer"}, {"minimum", 0}}),
				nullable("t in UCB1; by default the candidates' visits plus what they lacked of t at the last select of the same key", object{{"type", "integer"}}),
				nullable("c in UCB1; by default the last select's", ref("number")),
				nullable("the node choosing; by default the innermost node entered", ref("node")),
			)
			named = append(slices.Clone(fields),
				Field{Name: "candidates", Type: "candidates", Help: "every candidate as [child, action]; required at a node's first select and when they change"},
				Field{Name: "stats", Type: "stats", Help: "the candidates whose statistics changed otherwise than by one visit, as [index, w, n]"},
			)
		}
		defs = append(defs, member{name, object{
			{"description", "A " + k.String() + " line (version 2): " + event.Specs[k].Help + "."},
			{"type", "array"}, {"prefixItems", slots}, {"items", ref("named_" + k.String())},
			{"minItems", 1}, {"maxItems", len(slots) + 1},
		}})
		props := object{}
		for _, f := range named {
			s := object{{"description", f.Help}}
			switch f.Type {
			case "candidates":
				s = append(s, member{"type", "array"}, member{"items", object{{"type", "array"}, {"prefixItems", []object{ref("node"), {{"type", "integer"}}}}, {"minItems", 2}, {"maxItems", 2}}})
			case "stats":
				s = append(s, member{"type", "array"}, member{"items", object{{"type", "array"}, {"prefixItems", []object{{{"type", "integer"}, {"minimum", 0}}, ref("number"), {{"type", "integer"}, {"minimum", 0}}}}, {"minItems", 3}, {"maxItems", 3}}})
			default:
				s = append(s, typeSchema(t, f.Type)...)
			}
			props = append(props, member{f.Name, s})
		}
		defs = append(defs, member{"named_" + k.String(), object{
			{"description", "The fields of a " + k.String() + " line given by name; any field left out takes its default."},
			{"type", "object"}, {"properties", props},
		}})
	}
	var codes []string
	for _, k := range Kinds() {
		code, _ := codec.Layout(k)
		codes = append(codes, string(code))
	}
	return append(object{{"line", object{
		{"description", "Every line after the header in version 2: a list, the kind's code first, or the code alone when every field takes its default."},
		{"anyOf", []object{{{"enum", codes}}, {{"type", "array"}, {"oneOf", oneOf}}}},
	}}}, defs...)
}

// sentence makes a sentence of a spec table's help.
func sentence(help string) string {
	return strings.ToUpper(help[:1]) + help[1:] + "."
}

// generateSchema derives the JSON Schema of the format from the spec table.
func generateSchema(t *testing.T) []byte {
	none := func(Field) object { return nil }
	var kinds []string
	var oneOf []object
	defs := object{
		{"header", objectSchema(t, sentence(event.HeaderSpec.Help), HeaderFields(), func(f Field) object {
			switch f.Name {
			case "format":
				return object{{"const", Format}}
			case "version":
				return object{{"enum", []int{1, 2, Version}}}
			}
			return nil
		})},
	}
	var kindDefs object
	for _, k := range Kinds() {
		kinds = append(kinds, k.String())
		oneOf = append(oneOf, object{{"$ref", "#/$defs/event_" + k.String()}})
		kindDefs = append(kindDefs, member{"event_" + k.String(), objectSchema(t, "A "+k.String()+" event: "+event.Specs[k].Help+".", Spec(k).Fields, func(f Field) object {
			switch f.Type {
			case "kind":
				return object{{"const", k.String()}}
			}
			switch f.Name {
			case "step":
				return object{{"type", "integer"}, {"minimum", 0}}
			case "pruned", "pruned_labels":
				return append(typeSchema(t, f.Type), member{"maxItems", MaxPrunedPerCut})
			}
			return nil
		})})
	}
	defs = append(defs,
		member{"event", object{
			{"description", "Every line after the header: one event, by its kind."},
			{"type", "object"},
			{"properties", object{
				{"step", object{{"type", "integer"}, {"minimum", 0}}},
				{"kind", object{{"enum", kinds}}},
			}},
			{"required", []string{"step", "kind"}},
			{"oneOf", oneOf},
		}})
	defs = append(defs, kindDefs...)
	defs = append(defs, compactSchemas(t)...)
	defs = append(defs,
		member{"number", object{
			{"description", `A number. JSON has no infinities: +Inf and -Inf are written "inf" and "-inf".`},
			{"anyOf", []object{{{"type", "number"}}, {{"enum", []string{"inf", "-inf"}}}}},
		}},
		member{"node", object{
			{"description", "A node id: 0 for the root, then dense in creation order; -1 for no node."},
			{"type", "integer"}, {"minimum", -1 << 31}, {"maximum", 1<<31 - 1},
		}},
		member{"score", objectSchema(t, "One candidate's statistics in a select event.", ScoreFields(), none)},
		member{"counters", objectSchema(t, "The totals of a search.", CounterFields(), none)},
		member{"move", objectSchema(t, "One player's part of a joint action.", MoveFields(), none)},
	)
	root := object{
		{"$schema", "https://json-schema.org/draft/2020-12/schema"},
		{"$id", "https://github.com/searchviz/searchviz/trace/schema.json"},
		{"title", "searchviz trace line"},
		{"description", fmt.Sprintf("A searchviz trace file is JSON Lines (optionally gzip-compressed): the first line is the header, every other line one event, "+
			"an object (event) in version 1 and a list (line) in version 2, whose fields left out or null take defaults that follow from the events before. "+
			"Readers skip unknown members. Lines are at most 16 MiB, strings at most %d bytes of UTF-8 (maxLength, which counts characters, "+
			"is only an upper bound), and a cut prunes at most %d actions. Generated from the trace package's spec table.", MaxString, MaxPrunedPerCut)},
		{"anyOf", []object{{{"$ref", "#/$defs/header"}}, {{"$ref", "#/$defs/event"}}, {{"$ref", "#/$defs/line"}}}},
		{"$defs", defs},
	}
	b, err := json.MarshalIndent(root, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

func TestSchemaGolden(t *testing.T) {
	testenv.SkipUnderRace(t, "generates the schema in the test goroutine")
	t.Parallel()
	got := generateSchema(t)
	if updating() {
		if err := os.WriteFile("schema.json", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, schema) {
		t.Errorf("schema.json differs from the schema the spec table generates; run go test ./trace -run TestSchemaGolden -update")
	}
}
