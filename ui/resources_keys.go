package ui

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/render"
)

// resourcesKeys act on the resources screen: its list, and a resource
// read from it.
type resourcesKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	// Filter starts the fuzzy filter; Open reads a resource or opens a
	// template's form.
	Filter, Open key.Binding
	// Subscribe starts or stops a resource's updates; Reread reads it
	// again; Save writes its content to a file.
	Subscribe, Reread, Save key.Binding
	Back                    key.Binding
	// OpenLink, on a tool's Result tab, reads the result's first
	// resource_link or embedded resource on this screen.
	OpenLink key.Binding
}

// promptsKeys act on the prompts screen: its list, and a prompt's
// conversation.
type promptsKeys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Filter, Open, Get, Back               key.Binding
}

// savingKeys end the typing of a path to save to, and answer whether to
// overwrite a file that is there.
type savingKeys struct {
	Save, Cancel, Overwrite key.Binding
}

// completeKeys pick and take the server's suggestions under a field of a
// template's or a prompt's form.
type completeKeys struct {
	Next, Prev, Accept key.Binding
}

func newResourcesKeys() resourcesKeys {
	return resourcesKeys{
		Up:        bind([]string{"up", "k"}, "↑/k", "previous resource, or scroll up"),
		Down:      bind([]string{"down", "j"}, "↓/j", "next resource, or scroll down"),
		PageUp:    bind([]string{"pgup"}, "pgup", "page up"),
		PageDown:  bind([]string{"pgdown", "space"}, "pgdown/space", "page down"),
		Home:      bind([]string{"home", "g"}, "home/g", "first"),
		End:       bind([]string{"end", "G"}, "end/G", "last"),
		Filter:    bind([]string{"/"}, "/", "filter resources and templates (fuzzy)"),
		Open:      bind([]string{"enter"}, "enter", "read the resource, or fill in the template"),
		Subscribe: bind([]string{"s"}, "s", "subscribe to the resource's updates, or unsubscribe"),
		Reread:    bind([]string{"r"}, "r", "read the resource again"),
		Save:      bind([]string{"w"}, "w", "save the content to a file"),
		Back:      bind([]string{"esc", "q"}, "esc/q", "back"),
		OpenLink:  bind([]string{"o"}, "o", "on a tool's Result tab: read its resource_link or embedded resource"),
	}
}

func newPromptsKeys() promptsKeys {
	return promptsKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "previous prompt, or scroll up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "next prompt, or scroll down"),
		PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "page down"),
		Home:     bind([]string{"home", "g"}, "home/g", "first"),
		End:      bind([]string{"end", "G"}, "end/G", "last"),
		Filter:   bind([]string{"/"}, "/", "filter prompts (fuzzy)"),
		Open:     bind([]string{"enter"}, "enter", "fill in the prompt's arguments"),
		Get:      bind([]string{"ctrl+s"}, "ctrl+s", "get the prompt with the form's arguments"),
		Back:     bind([]string{"esc", "q"}, "esc/q", "back"),
	}
}

func newSavingKeys() savingKeys {
	return savingKeys{
		Save:      bind([]string{"enter"}, "enter", "save to the path"),
		Cancel:    bind([]string{"esc"}, "esc", "do not save"),
		Overwrite: bind([]string{"y"}, "y", "overwrite the file that is there"),
	}
}

func newCompleteKeys() completeKeys {
	return completeKeys{
		Next:   bind([]string{"alt+down"}, "alt+↓", "next suggestion"),
		Prev:   bind([]string{"alt+up"}, "alt+↑", "previous suggestion"),
		Accept: bind([]string{"alt+enter", "ctrl+y"}, "alt+enter/ctrl+y", "take the suggestion into the field"),
	}
}

// beyondHelp are the help sections of the resources and prompts screens.
func (k keyMap) beyondHelp() [4]render.HelpSection {
	r, p, s, c := k.Resources, k.Prompts, k.Saving, k.Complete
	return [4]render.HelpSection{
		{Title: "Resources", Rows: helpRows(r.Up, r.Down, r.PageUp, r.PageDown, r.Home, r.End, r.Filter, r.Open,
			r.Subscribe, r.Reread, r.Save, r.Back, r.OpenLink)},
		{Title: "Prompts", Rows: helpRows(p.Up, p.Down, p.PageUp, p.PageDown, p.Home, p.End, p.Filter, p.Open, p.Get, p.Back)},
		{Title: "Saving a resource", Rows: helpRows(s.Save, s.Cancel, s.Overwrite)},
		{Title: "Suggestions (completion/complete) under a field", Rows: helpRows(c.Next, c.Prev, c.Accept)},
	}
}
