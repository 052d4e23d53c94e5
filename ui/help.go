package ui

import "strings"

// helpText lists every key; shown with ? from the tool list.
var helpText = [][2]string{
	{"", "Tool list"},
	{"↑ ↓ / j k", "select a tool"},
	{"/", "filter tools (fuzzy); esc clears"},
	{"enter / →", "open the tool's form"},
	{"1-7", "switch tabs: form, input schema, output schema, lint, providers, meta, result"},
	{"ctrl+s", "call the tool with the form's arguments"},
	{"R", "reconnect"},
	{"L", "protocol log"},
	{"q / ctrl+c", "quit"},
	{"", "Form"},
	{"↑ ↓ / tab", "move between fields"},
	{"enter / →", "edit a field, open a subform, list or variant"},
	{"esc", "leave the field, go up a level, back to the list"},
	{"ctrl+s", "call (asks before sending invalid arguments)"},
	{"ctrl+r", "edit the selected value as raw JSON and back"},
	{"ctrl+e", "fill the form with an example"},
	{"ctrl+u / ctrl+n", "unset an optional field / set it to null"},
	{"ctrl+a / ctrl+d", "add / remove a list item or map entry"},
	{"", "Anywhere"},
	{"esc", "cancel the running call (the server is told)"},
	{"alt+1-7", "switch tabs"},
	{"alt+l", "protocol log"},
	{"alt+r", "reconnect, keeping forms and results"},
	{"", "Lint and Providers tabs"},
	{"↑ ↓ / enter", "pick a finding / show its field in the form"},
	{"← →", "switch provider: MCP, OpenAI, OpenAI strict, Anthropic, Gemini"},
	{"", "Result tab"},
	{"y / a / c", "copy the result / arguments / a toolbench call command line"},
}

// helpLines draws the help screen.
func (m *Model) helpLines() []string {
	lines := []string{m.st.Title.Render("Keys") + m.st.Muted.Render(" · any key closes")}
	for _, h := range helpText {
		if h[0] == "" {
			lines = append(lines, "", m.st.Heading.Render(h[1]))
			continue
		}
		lines = append(lines, truncate("  "+m.st.Key.Render(h[0])+strings.Repeat(" ", max(1, 18-len([]rune(h[0]))))+m.st.Help.Render(h[1]), m.width))
	}
	return lines
}
