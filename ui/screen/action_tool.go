package screen

import "encoding/json"

// CallTool calls the server's tool Tool with Args (a JSON object) and
// shows the call on the tool's Result tab, closing the screens: how a
// screen that remembers a call (the history) makes it again. When the
// server has no such tool now, the root says so on the status line and
// the screens stay as they are.
type CallTool struct {
	Tool string
	Args json.RawMessage
}

// LoadArgs puts Args (a JSON object) into the form of the server's tool
// Tool and shows the form, closing the screens, without calling: how the
// history and the presets hand arguments back to the form. What names
// the arguments on the status line ("preset oslo"). When the server has
// no such tool now, or the form cannot hold Args, the root says so on the
// status line and the screens stay as they are.
type LoadArgs struct {
	Tool string
	Args json.RawMessage
	What string
}

func (CallTool) action() {}
func (LoadArgs) action() {}

// ToolHosts shows the server's tool Tool on its Hosts tab with the host
// Host (a host id: "claude-code") under the cursor, closing the screens:
// how the Hosts screen opens one cell of its matrix. When the server has
// no such tool now, the root says so on the status line and the screens
// stay as they are.
type ToolHosts struct {
	Tool string
	Host string
}

func (ToolHosts) action() {}
