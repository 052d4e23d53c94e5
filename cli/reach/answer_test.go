package reach

import (
	"encoding/json"
	"testing"

	"github.com/toolbench/toolbench/client"
)

func TestLogLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		e    client.LogEvent
		want string
	}{
		{client.LogEvent{Level: "info", Logger: "db", Data: json.RawMessage(`"connected"`)}, "toolbench: [server log] info db: connected"},
		{client.LogEvent{Level: "error", Data: json.RawMessage(`{ "code": 7,
			"why": "disk" }`)}, `toolbench: [server log] error: {"code":7,"why":"disk"}`},
		{client.LogEvent{Level: "warning\x1b[2J", Logger: "a\nb", Data: json.RawMessage(`"line1\nline2\u001b]52;c;AAAA\u0007"`)},
			`toolbench: [server log] warning\e[2J a\nb: line1\nline2\e]52;c;AAAA\x07`},
		{client.LogEvent{Level: "debug", Data: json.RawMessage(`not json`)}, "toolbench: [server log] debug: not json"},
	}
	for _, tt := range tests {
		if got := logLine(tt.e); got != tt.want {
			t.Errorf("logLine(%+v) = %q, want %q", tt.e, got, tt.want)
		}
	}
}
