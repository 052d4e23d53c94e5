package probe

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/schemaform"
)

func fixtureSchema(t *testing.T, name string) json.RawMessage {
	t.Helper()
	data, err := os.ReadFile("../internal/demo/schemas/" + name + ".input.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMutations pins the generator's cases for fixture schemas: one value
// changed per case, kinds round robin, every case invalid.
func TestMutations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		schema string
		max    int
		want   []string // "kind description arguments"
	}{
		{"weather", 0, []string{
			`missing-required missing required /city {}`,
			`wrong-type /city as number (wants string) {"city":12345}`,
			`not-in-enum /unit = "not-a-choice" (not in enum) {"city":"Berlin","unit":"not-a-choice"}`,
			`bad-length /city = "" (shorter than minLength 1) {"city":""}`,
		}},
		{"set_priority", 4, []string{
			`missing-required missing required /task_id {"priority":1}`,
			`wrong-type /task_id as number (wants string) {"priority":1,"task_id":12345}`,
			`not-in-enum /priority = 6 (not in enum) {"priority":6,"task_id":"example"}`,
			`bad-length /task_id = "" (shorter than minLength 1) {"priority":1,"task_id":""}`,
		}},
		{"draw_shape", 0, []string{
			`missing-required missing required /shape {}`,
			`wrong-type /shape as number (matches no variant) {"shape":12345}`,
			`pattern-mismatch /color = "!" (breaks pattern ^#[0-9a-fA-F]{6}$) {"color":"!","shape":{"kind":"circle","radius":1}}`,
			`wrong-type /color as number (wants string) {"color":12345,"shape":{"kind":"circle","radius":1}}`,
		}},
		{"progress", 0, []string{
			`wrong-type /steps as string (wants integer) {"steps":"not a number"}`,
			`out-of-range /steps = 0 (below minimum 1) {"steps":0}`,
			`wrong-type /delay_ms as string (wants integer) {"delay_ms":"not a number"}`,
			`out-of-range /delay_ms = -1 (below minimum 0) {"delay_ms":-1}`,
		}},
		{"empty", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.schema, func(t *testing.T) {
			t.Parallel()
			schema := fixtureSchema(t, tt.schema)
			form, _ := schemaform.Compile(schema)
			got, err := Mutations(schema, form.Example(schemaform.Minimal), form.Example(schemaform.Full), tt.max)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, m := range got {
				lines = append(lines, fmt.Sprintf("%s %s %s", m.Kind, m.Description, m.Arguments))
			}
			if strings.Join(lines, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestMutationsAreInvalidAndMinimal checks, for every fixture schema, that
// each case breaks the schema, is deterministic, and changes the accepted
// arguments at its pointer only (missing parts borrowed from the full
// example).
func TestMutationsAreInvalidAndMinimal(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"create_order", "search_articles", "save_contact", "set_priority", "draw_shape"} {
		schema := fixtureSchema(t, name)
		form, _ := schemaform.Compile(schema)
		base, full := form.Example(schemaform.Minimal), form.Example(schemaform.Full)
		first, err := Mutations(schema, base, full, 100)
		if err != nil || len(first) == 0 {
			t.Fatalf("%s: %v", name, err)
		}
		again, _ := Mutations(schema, base, full, 100)
		v, _ := schemaform.NewValidator(schema)
		missing := 0
		for i, m := range first {
			if string(again[i].Arguments) != string(m.Arguments) {
				t.Errorf("%s: case %d differs between runs", name, i)
			}
			if vs, _ := v.Validate(m.Arguments); len(vs) == 0 || m.Violation == "" {
				t.Errorf("%s: %s is valid", name, m.Description)
			}
			if m.Kind == KindMissing {
				missing++
			}
		}
		if missing > maxMissing {
			t.Errorf("%s: %d missing-field cases, cap %d", name, missing, maxMissing)
		}
	}
	// save_contact: an enum deep in an optional object gets only that object.
	schema := fixtureSchema(t, "save_contact")
	form, _ := schemaform.Compile(schema)
	ms, _ := Mutations(schema, form.Example(schemaform.Minimal), form.Example(schemaform.Full), 100)
	for _, m := range ms {
		if m.Pointer == "/person/address/country" && m.Kind == KindEnum &&
			string(m.Arguments) != `{"person":{"address":{"city":"example","country":"not-a-choice","street":"example"},"email":"user@example.com","name":"example"}}` {
			t.Errorf("not minimal: %s", m.Arguments)
		}
	}
}
