package render

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/ui/theme"
)

func TestFrameLine(t *testing.T) {
	t.Parallel()
	req := FrameRow{Dir: FrameSent, Kind: FrameRequest, Method: "tools/call", Name: "get-sum", ID: "4", Size: 212}
	paired := req
	paired.Paired, paired.Latency = true, 17*time.Millisecond
	tests := []struct {
		name  string
		r     FrameRow
		width int
		want  string
	}{
		{"waiting request", req, 80,
			"15:04:05.123 → req     #4    tools/call get-sum                212 bytes       …"},
		{"answered", paired, 80,
			"15:04:05.123 → req     #4    tools/call get-sum                212 bytes   17 ms"},
		{"error", FrameRow{Dir: FrameReceived, Kind: FrameError, Method: "tools/call", Name: "x", ID: "5", Size: 90,
			Code: -32602, Message: "unknown tool", Paired: true, Latency: 1500 * time.Millisecond}, 80,
			"15:04:05.123 ← error   #5    tools/call x · -32602 unknown t…   90 bytes  1.50 s"},
		{"notification", FrameRow{Dir: FrameReceived, Kind: FrameNotification, Method: "notifications/progress", Size: 2048}, 80,
			"15:04:05.123 ← note          notifications/progress               2.0 KB        "},
		{"unknown", FrameRow{Dir: FrameReceived, Size: 3}, 0,
			"15:04:05.123 ← ?             not a JSON-RPC message toolbench can read    3 bytes        "},
		{"cut", paired, 40, "15:04:05.123 → req     #4    tools/call…"},
		{"hostile method", FrameRow{Dir: FrameReceived, Kind: FrameNotification, Method: "x\x1b[2Jy", Size: 9}, 60,
			`15:04:05.123 ← note          x\e[2Jy         9 bytes        `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := FrameLine(theme.Plain(), at, tt.r, tt.width)
			if got != tt.want {
				t.Errorf("FrameLine =\n%q\nwant\n%q", got, tt.want)
			}
			if tt.width > 0 && ansi.StringWidth(got) > tt.width {
				t.Errorf("FrameLine is %d cells, wider than %d", ansi.StringWidth(got), tt.width)
			}
		})
	}
}

// TestFrameLineNeverOverflows: at every width a row fits, whatever the
// server put in its method and message.
func TestFrameLineNeverOverflows(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	r := FrameRow{Dir: FrameReceived, Kind: FrameError, Method: strings.Repeat("界", 50), Name: "n\x00\x07", ID: strings.Repeat("9", 40),
		Code: -1, Message: strings.Repeat("m ", 100), Size: 1 << 30, Paired: true, Latency: time.Hour}
	for width := 1; width <= 160; width++ {
		if got := LogRow(st, LogEntry{At: at, Frame: &r}, width, width%2 == 0); ansi.StringWidth(got) > width {
			t.Fatalf("at %d columns the row is %d cells: %q", width, ansi.StringWidth(got), got)
		}
	}
}

func TestFrameDetailHead(t *testing.T) {
	t.Parallel()
	r := FrameRow{Dir: FrameSent, Kind: FrameRequest, Method: "tools/call", Name: "get-sum", ID: "4", Size: 212,
		Paired: true, Latency: 17 * time.Millisecond, Group: 3}
	d := FrameDetail{Entry: LogEntry{At: at, Frame: &r}, PairAt: at.Add(17 * time.Millisecond), Note: "only the first 4.0 KB"}
	got := strings.Join(FrameDetailHead(theme.Plain(), d, 0), "\n")
	want := "Frame → req #4 tools/call get-sum\n15:04:05.123 · 212 bytes · [call 3] · answered in 17 ms at 15:04:05.140\nonly the first 4.0 KB"
	if got != want {
		t.Errorf("FrameDetailHead =\n%s\nwant\n%s", got, want)
	}
}
