package tool

import "encoding/json"

// Task support values of a tool's execution.taskSupport (2025-11-25,
// basic/utilities/tasks). A tool that sends none forbids tasks.
const (
	TaskForbidden = "forbidden"
	TaskOptional  = "optional"
	TaskRequired  = "required"
)

// App is what a tool's _meta says about its MCP App (the apps extension):
// the ui:// resource that holds its HTML and who may see the tool.
type App struct {
	// ResourceURI names the app's ui:// resource, from _meta.ui.resourceUri
	// or the deprecated flat _meta["ui/resourceUri"].
	ResourceURI string
	// Deprecated is set when the URI came from the flat key.
	Deprecated bool
	// Visibility is _meta.ui.visibility as sent ("model", "app"); nil when
	// absent, which means both.
	Visibility []string
}

// HiddenFromModel reports whether the tool's visibility leaves out the
// model: a host shows it to the app only.
func (a *App) HiddenFromModel() bool {
	if a == nil || a.Visibility == nil {
		return false
	}
	for _, v := range a.Visibility {
		if v == "model" {
			return false
		}
	}
	return true
}

// parseExtensions fills the fields that come from execution and _meta.
// Members of the wrong type are the server's mistake: the tool stays
// usable and lint reads them from Raw.
func (t *Tool) parseExtensions(execution json.RawMessage) {
	if execution != nil {
		var e struct {
			TaskSupport string `json:"taskSupport"`
		}
		_ = json.Unmarshal(execution, &e)
		t.TaskSupport = e.TaskSupport
	}
	if t.TaskSupport == "" {
		t.TaskSupport = TaskForbidden
	}
	if t.Meta == nil {
		return
	}
	var m struct {
		UI *struct {
			ResourceURI string   `json:"resourceUri"`
			Visibility  []string `json:"visibility"`
		} `json:"ui"`
		Flat string `json:"ui/resourceUri"`
	}
	_ = json.Unmarshal(t.Meta, &m)
	switch {
	case m.UI != nil && m.UI.ResourceURI != "":
		t.App = &App{ResourceURI: m.UI.ResourceURI, Visibility: m.UI.Visibility}
	case m.Flat != "":
		t.App = &App{ResourceURI: m.Flat, Deprecated: true}
		if m.UI != nil {
			t.App.Visibility = m.UI.Visibility
		}
	}
}
