package config

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: no file contents may panic the config reader; StripJSONC
// keeps the text's length (so error offsets still point into the file) and
// every server it returns has a name and a transport.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	more, _ := filepath.Glob("testdata/*/.vscode/*.json")
	for _, name := range append(files, more...) {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"servers":{"a":{"type":"sse","url":"${env:X}"},}}`))
	f.Add([]byte(`{"mcp":{"servers":{"b":{"command":"x","args":["${input:y}"]}}}} // c`))
	f.Add([]byte(`/* unterminated`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if clean, err := StripJSONC(data); err == nil && len(clean) != len(data) {
			t.Fatalf("StripJSONC changed the length: %d -> %d", len(data), len(clean))
		}
		servers, err := Parse(data, "fuzz.json")
		if err != nil {
			return
		}
		for _, s := range servers {
			if s.Type == "" || (s.Command == "" && s.URL == "") {
				t.Fatalf("incomplete server %+v", s)
			}
			_, _ = expand(s)
		}
	})
}
