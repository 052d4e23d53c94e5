package schemaform

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// corpusSchema is one schema from testdata, named for test output.
type corpusSchema struct {
	name   string
	schema json.RawMessage
}

// loadCorpus reads every schema under testdata/dir: tool lists and tool
// objects contribute their input and output schemas, other files are
// schemas themselves.
func loadCorpus(t *testing.T, dir string) []corpusSchema {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata in %s: %v", dir, err)
	}
	var out []corpusSchema
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, schemasIn(filepath.Base(f), data)...)
	}
	return out
}

func schemasIn(name string, data []byte) []corpusSchema {
	var doc struct {
		Tools           []json.RawMessage `json:"tools"`
		InputSchema     json.RawMessage   `json:"inputSchema"`
		OutputSchema    json.RawMessage   `json:"outputSchema"`
		RequestedSchema json.RawMessage   `json:"requestedSchema"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return []corpusSchema{{name, data}}
	}
	var out []corpusSchema
	for _, raw := range doc.Tools {
		var tool struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		_ = json.Unmarshal(raw, &tool)
		out = append(out, corpusSchema{name + ":" + tool.Name + ".input", tool.InputSchema})
		if tool.OutputSchema != nil {
			out = append(out, corpusSchema{name + ":" + tool.Name + ".output", tool.OutputSchema})
		}
	}
	switch {
	case len(doc.Tools) > 0:
	case doc.InputSchema != nil:
		out = append(out, corpusSchema{name + ".input", doc.InputSchema})
		if doc.OutputSchema != nil {
			out = append(out, corpusSchema{name + ".output", doc.OutputSchema})
		}
	default:
		out = append(out, corpusSchema{name, data})
	}
	return out
}

func rawFields(f *Form) []string {
	var raws []string
	for _, r := range f.Outline() {
		if r.Control == "raw JSON" {
			raws = append(raws, r.Pointer)
		}
	}
	return raws
}

// TestRealServersCompileNatively: the reference servers' tools and the
// elicitation schema render with no raw field and no warning.
func TestRealServersCompileNatively(t *testing.T) {
	t.Parallel()
	for _, c := range loadCorpus(t, "servers") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f, err := Compile(c.schema)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Warnings) > 0 {
				t.Errorf("warnings: %+v", f.Warnings)
			}
			if raws := rawFields(f); len(raws) > 0 {
				t.Errorf("raw fields at %v", raws)
			}
			checkExamples(t, f)
		})
	}
}

// checkExamples requires both examples to validate and to round-trip.
func checkExamples(t *testing.T, f *Form) {
	t.Helper()
	for _, mode := range []ExampleMode{Minimal, Full} {
		ex := f.Example(mode)
		if err := f.SetJSON(ex); err != nil {
			t.Fatalf("example %d does not load: %v\n%s", mode, err, ex)
		}
		if got := f.JSON(); !jsondoc.Equal(got, ex) {
			t.Errorf("example %d does not round-trip:\n in  %s\n out %s", mode, ex, got)
		}
		issues, err := f.Validate()
		if err != nil {
			t.Fatalf("validate: %v", err)
		}
		for _, is := range issues {
			t.Errorf("example %d is invalid at %s: %s\n%s", mode, is.InstancePath, is.Message, ex)
		}
	}
}

func TestShapesCorpus(t *testing.T) {
	t.Parallel()
	// Schemas whose rules an example generator cannot see (conditions,
	// remote refs, JS-only patterns) are exempt from the validity check.
	exempt := map[string]bool{"conditionals.json": true, "remote_ref.json": true, "js_pattern.json": true}
	for _, c := range loadCorpus(t, "shapes") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f, err := Compile(c.schema)
			if err != nil {
				t.Fatal(err)
			}
			if !exempt[c.name] && !strings.Contains(c.name, "allof") {
				checkExamples(t, f)
			}
		})
	}
}
