package schemaform

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// addCorpusSeeds seeds a fuzzer with every schema in testdata.
func addCorpusSeeds(f *testing.F, add func(schema []byte)) {
	files, _ := filepath.Glob("testdata/*/*.json")
	bad, _ := filepath.Glob("testdata/shapes/bad/*")
	for _, file := range append(files, bad...) {
		data, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		for _, c := range schemasIn(filepath.Base(file), data) {
			add(c.schema)
		}
	}
}

// FuzzCompile: no schema may panic, loop or fail to give a usable form.
func FuzzCompile(f *testing.F) {
	addCorpusSeeds(f, func(s []byte) { f.Add(s) })
	f.Fuzz(func(t *testing.T, schema []byte) {
		form, err := Compile(schema)
		if form == nil || form.Root == nil {
			t.Fatalf("Compile returned no form (err %v)", err)
		}
		if err != nil {
			return
		}
		_ = form.Outline()
		ex := form.Example(Full)
		if !json.Valid(ex) {
			t.Fatalf("example is not JSON: %s", ex)
		}
		if err := form.SetJSON(ex); err != nil {
			t.Fatalf("example does not load: %v", err)
		}
		if out := form.JSON(); !json.Valid(out) {
			t.Fatalf("JSON() is not JSON: %s", out)
		}
	})
}

// FuzzRoundTrip: any value loaded into any form comes back unchanged.
func FuzzRoundTrip(f *testing.F) {
	seeds := map[string][]string{}
	addCorpusSeeds(f, func(s []byte) {
		form, err := Compile(s)
		if err != nil {
			return
		}
		for _, mode := range []ExampleMode{Minimal, Full} {
			f.Add(s, []byte(form.Example(mode)))
		}
		seeds[string(s)] = nil
	})
	f.Add([]byte(`{"type":"object"}`), []byte(`{"a":[1,{"b":null}],"c":"\u00e9"}`))
	f.Fuzz(func(t *testing.T, schema, value []byte) {
		if !json.Valid(value) {
			return
		}
		form, err := Compile(schema)
		if err != nil {
			return
		}
		if err := form.SetJSON(value); err != nil {
			t.Fatalf("valid JSON did not load: %v", err)
		}
		if out := form.JSON(); !jsondoc.Equal(out, value) {
			t.Fatalf("round trip changed the value:\n in  %s\n out %s", value, out)
		}
	})
}
