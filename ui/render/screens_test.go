package render

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/theme"
)

func yes() *bool { t := true; return &t }

// screenCases are the workbench's pure renderers, each with data as the
// workbench gives it, for golden files at 80 and 120 columns.
func screenCases() map[string]func(st *theme.Styles, width int) []string {
	weather := tool.Tool{Name: "get_weather", Title: "Get weather",
		Description: "Reports the current (simulated) weather for a city, with the temperature in the unit asked for. " +
			"The structured result conforms to the output schema, and the text block repeats it as JSON for clients " +
			"that do not read structured content. Cities are matched by name, case-insensitively.",
		Annotations: tool.Annotations{ReadOnlyHint: yes(), OpenWorldHint: yes()}}
	finding := check.Finding{Rule: "param-description-missing", Severity: check.Warning, Tool: "get_weather",
		Pointer: "/inputSchema/properties/unit", Field: "/unit",
		Message: "The parameter unit has no description, so a model must guess what it means from its name alone.",
		Fix:     `Add "description": "Temperature unit: celsius or fahrenheit" to the property.`}
	blocker := check.Finding{Rule: "compat-openai-strict-not-required", Severity: check.Info, Blocks: []string{"openai-strict"}, Tool: "get_weather",
		Pointer: "/inputSchema/properties/unit", Message: "Strict mode needs every property in required."}
	at := time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)
	one := func(s string) []string { return []string{s} }
	return map[string]func(*theme.Styles, int) []string{
		"header_ready": func(st *theme.Styles, w int) []string {
			return one(Header(st, Connection{Server: "weather-server", Version: "1.4.0", Transport: "http",
				Protocol: "2025-11-25", Phase: "ready", Level: LevelOK}, w))
		},
		"header_connecting": func(st *theme.Styles, w int) []string {
			return one(Header(st, Connection{Target: "http https://mcp.example.com/mcp?api_key=***", Phase: "connecting",
				Level: LevelWarn}, w))
		},
		"status_message": func(st *theme.Styles, w int) []string {
			return one(StatusLine(st, Status{Text: "get_weather ✓ in 12ms; output matches its schema", Level: LevelOK},
				[][2]string{{"y", "copy result"}, {"a", "copy args"}, {"c", "copy command"}, {"esc", "tools"}}, [2]string{"?", "help"}, w))
		},
		"status_running": func(st *theme.Styles, w int) []string {
			p := &Progress{Tool: "long_job", Elapsed: 2345 * time.Millisecond, Done: 3, Total: 8, Message: "step three", Cancel: "esc"}
			return one(StatusLine(st, Status{Running: p}, [][2]string{{"esc", "cancel call"}, {"ctrl+c", "quit"}}, [2]string{"?", "help"}, w))
		},
		"tab_bar": func(st *theme.Styles, w int) []string {
			return one(TabBar(st, []string{"Form", "Input", "Output", "Lint", "Providers", "Meta", "Result"}, 3, 6, w))
		},
		"tool_heading": func(st *theme.Styles, w int) []string { return ToolHeading(st, weather, w) },
		"finding": func(st *theme.Styles, w int) []string {
			return append(Finding(st, finding, w, false), Finding(st, finding, w, true)...)
		},
		"findings_summary": func(st *theme.Styles, w int) []string {
			return one(FindingsSummary(st, check.Count([]check.Finding{blocker, finding}), w))
		},
		"conversion": func(st *theme.Styles, w int) []string {
			return ConversionLines(st, Conversion{Providers: []string{"mcp", "openai", "openai-strict", "anthropic", "gemini"},
				Active: 2, Out: json.RawMessage(`{"type":"function","name":"get_weather","strict":true}`),
				Findings: []check.Finding{blocker, finding}}, w)
		},
		"conversion_failed": func(st *theme.Styles, w int) []string {
			return ConversionLines(st, Conversion{Providers: []string{"mcp", "gemini"}, Active: 1,
				Err: "the input schema is not JSON"}, w)
		},
		"meta": func(st *theme.Styles, w int) []string {
			return MetaLines(st, Meta{Description: weather.Description, Annotations: json.RawMessage(`{"readOnlyHint":true}`),
				Raw:      json.RawMessage(`{"name":"get_weather","inputSchema":{"type":"object"}}`),
				Warnings: []schemaform.Warning{{Pointer: "/properties/when", Message: "unknown format \"moment\"; edited as text"}}}, w)
		},
		"log": func(st *theme.Styles, w int) []string {
			var entries []LogEntry
			for i := range 6 {
				entries = append(entries, LogEntry{At: at.Add(time.Duration(i) * time.Second), Source: "stderr",
					Text: fmt.Sprintf("line %d of what the server wrote to stderr", i)})
			}
			entries = append(entries, LogEntry{At: at, Source: "log", Level: "warning", Text: "fixture: disk almost full"})
			return LogScreen(st, LogView{Summary: "7 entries", Filter: "line", Editing: true, Rows: entries[1:6], Cursor: 2, Matches: 7}, w, 6)
		},
		"help": func(st *theme.Styles, w int) []string {
			sections := []HelpSection{
				{Title: "Anywhere", Rows: []HelpRow{{Keys: "ctrl+c", Desc: "quit"}, {Keys: "alt+r", Desc: "reconnect, keeping forms and results"}}},
				{Title: "Tool list", Rows: []HelpRow{{Keys: "↑/k", Desc: "previous tool"}, {Keys: "enter/→/l/tab", Desc: "open the tool"},
					{Keys: "/", Desc: "filter tools (fuzzy)"}}},
			}
			return Help(st, HelpView{Sections: sections, Note: "↑↓ scroll · esc closes", Offset: 1}, w, 6)
		},
		"disconnect": func(st *theme.Styles, w int) []string {
			return DisconnectLines(st, Disconnect{Message: "the server exited (exit status 2)",
				Evidence: []string{"hint: run the server's command by hand to see why it stops", "last lines of the server's stderr:",
					"  panic: boom"}, Reconnect: "alt+r"}, w)
		},
		"connection_lost": func(st *theme.Styles, w int) []string {
			return DisconnectLines(st, Disconnect{Lost: true, Message: "call echo: the connection was lost before the result arrived",
				Reconnect: "alt+r"}, w)
		},
		"failure": func(st *theme.Styles, w int) []string {
			return FailureLines(st, Failure{Head: "Timed out", Message: "call slow: timed out: no answer within 30s; " +
				"the server was sent notifications/cancelled and may still be working on it",
				Evidence: []string{"hint: raise the timeout with --timeout"}}, w)
		},
	}
}

// TestScreensGolden pins each renderer's output at 80 and 120 columns.
// Regenerate with go test ./ui/render -run TestScreensGolden -update and
// read the diff.
func TestScreensGolden(t *testing.T) {
	t.Parallel()
	for name, draw := range screenCases() {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				lines := draw(theme.Plain(), width)
				assertFits(t, lines, width)
				golden.RequireEqual(t, strings.Join(lines, "\n")+"\n")
			})
		}
	}
}

// TestScreensStyled draws each renderer in colour: it may add only SGR
// codes, and must fit the same width.
func TestScreensStyled(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for name, draw := range screenCases() {
		lines := draw(st, 80)
		assertFits(t, lines, 80)
		for _, l := range lines {
			assertOnlySGR(t, l)
		}
		if len(lines) == 0 {
			t.Errorf("%s drew nothing", name)
		}
	}
}

// TestHeaderCutsServerTextFirst: a server's 100,000-character name is cut
// to the width before it is escaped and styled, and still fits.
func TestHeaderCutsServerTextFirst(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("\x1b[2Jname", 20000)
	got := Header(theme.Plain(), Connection{Server: long, Phase: "ready", Level: LevelOK}, 80)
	assertFits(t, []string{got}, 80)
	if strings.Contains(got, "\x1b") || !strings.HasPrefix(got, `toolbench · \e[2Jname`) {
		t.Errorf("header = %q", got)
	}
}

func TestKeyPairAndRange(t *testing.T) {
	t.Parallel()
	tests := []struct{ a, b, pair, rng string }{
		{"↑/k", "↓/j", "↑↓", "↑-↓"},
		{"alt+↑", "alt+↓", "alt+↑↓", "alt+↑-↓"},
		{"alt+1", "alt+7", "alt+17", "alt+1-7"},
		{"/", "esc", "/esc", "/-esc"},
	}
	for _, tt := range tests {
		if got := KeyPair(tt.a, tt.b); got != tt.pair {
			t.Errorf("KeyPair(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.pair)
		}
		if got := KeyRange(tt.a, tt.b); got != tt.rng {
			t.Errorf("KeyRange(%q, %q) = %q, want %q", tt.a, tt.b, got, tt.rng)
		}
	}
}

// TestRowCountsMatchDrawing: the row counts the workbench lays out with
// are the rows drawn.
func TestRowCountsMatchDrawing(t *testing.T) {
	t.Parallel()
	for _, desc := range []string{"", "short", strings.Repeat("a long description that wraps ", 20), "one\ntwo\nthree\nfour"} {
		for _, w := range []int{20, 80, 120} {
			tl := tool.Tool{Name: "t", Description: desc}
			if got, want := ToolHeadingRows(tl, w), len(ToolHeading(theme.Plain(), tl, w)); got != want {
				t.Errorf("ToolHeadingRows(%q, %d) = %d, ToolHeading draws %d", desc, w, got, want)
			}
		}
	}
	for _, msg := range []string{"gone", strings.Repeat("the server at http://127.0.0.1:1/mcp went away ", 6)} {
		d := Disconnect{Message: msg, Evidence: []string{"a", "b"}, Reconnect: "alt+r"}
		for _, w := range []int{30, 80, 120} {
			if got, want := DisconnectRows(d, w), len(DisconnectLines(theme.Plain(), d, w)); got != want {
				t.Errorf("DisconnectRows(%d chars, %d) = %d, DisconnectLines draws %d", len(msg), w, got, want)
			}
		}
	}
}
