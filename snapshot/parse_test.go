package snapshot

import (
	"bytes"
	"errors"
	"testing"
	"time"
)

func TestParseRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
		offset         int
	}{
		{"not JSON", `{"toolbenchSnapshot": 1,`, "not JSON at offset 24", 24},
		{"not an object", `[1]`, "the file holds a JSON array, not an object: this is not a toolbench snapshot; make one with `toolbench snapshot`", -1},
		{"no layout field", `{"server":{}}`, "no toolbenchSnapshot field: this is not a toolbench snapshot; make one with `toolbench snapshot`", -1},
		{"other layout", `{"toolbenchSnapshot":7,"tools":[]}`, "layout version 7, this toolbench reads 1", -1},
		{"layout as a string", `{"toolbenchSnapshot":"1","tools":[]}`, `layout version "1", this toolbench reads 1`, -1},
		{"no tools", `{"toolbenchSnapshot":1}`, `no tools field: a snapshot holds the tool list under "tools"`, -1},
		{"tools not an array", `{"toolbenchSnapshot":1,"tools":{}}`, "tools is not an array (it is a JSON object)", -1},
		{"tool not an object", `{"tools":[3]}`, "tools[0] is not an object (it is a JSON number)", -1},
		{"tool without a name", `{"tools":[{"name":"a"},{}]}`, "tools[1] has no name string", -1},
		{"resources not an array", `{"toolbenchSnapshot":1,"tools":[],"resources":"x"}`, "resources is not an array (it is a JSON string)", -1},
		{"resource without uri", `{"toolbenchSnapshot":1,"tools":[],"resources":[{"name":"x"}]}`, "resources[0] has no uri string", -1},
		{"bad time", `{"toolbenchSnapshot":1,"tools":[],"taken":"yesterday"}`, "", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tt.in))
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse = %v, want a *FormatError", err)
			}
			if fe.Offset != tt.offset {
				t.Errorf("offset %d, want %d", fe.Offset, tt.offset)
			}
			if tt.want != "" && !bytes.HasPrefix([]byte(err.Error()), []byte(tt.want)) {
				t.Errorf("error %q, want it to start %q", err, tt.want)
			}
		})
	}
}

func TestParseBareToolsList(t *testing.T) {
	t.Parallel()
	s, err := Parse([]byte(`{"tools":[{"name":"echo","inputSchema":{}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Format != Format || s.Server.Name != "" || string(s.Tools) != `[{"name":"echo","inputSchema":{}}]` {
		t.Errorf("snapshot %+v", s)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	t.Parallel()
	s := &Snapshot{Format: Format, Taken: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC),
		Server: ServerInfo{Name: "srv", Version: "1.2"}, ProtocolVersion: "2025-11-25",
		Tools:   []byte(`[{"name":"a","description":"x < y & z","inputSchema":{"type":"object","properties":{"b":{},"a":{}}}},{"name":"b","inputSchema":{}}]`),
		Prompts: []byte(`[]`)}
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	const want = `{
  "toolbenchSnapshot": 1,
  "taken": "2026-12-01T10:00:00Z",
  "server": {"name":"srv","version":"1.2"},
  "protocolVersion": "2025-11-25",
  "tools": [
    {"name":"a","description":"x < y & z","inputSchema":{"type":"object","properties":{"b":{},"a":{}}}},
    {"name":"b","inputSchema":{}}
  ],
  "prompts": []
}
`
	if string(b) != want {
		t.Errorf("Encode:\n%s\nwant:\n%s", b, want)
	}
	back, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	again, err := back.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, b) {
		t.Errorf("re-encoded:\n%s", again)
	}
	if r := mustDiff(t, s, back); !r.Empty() {
		t.Errorf("a snapshot differs from its own file: %v", lines(r))
	}
}
