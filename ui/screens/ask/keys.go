package ask

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/screen"
)

// GroupTitle names the questions' keys in the help and the palette.
const GroupTitle = "What the server asks (elicitation, sampling)"

// Keys answer what the server asks. In a form (an elicitation, a sampling
// reply) Accept and Dismiss are the form's own submit and its esc at the
// top level.
type Keys struct {
	Accept, Decline, Dismiss, CancelCall key.Binding
	// ConfirmCancel and KeepEditing answer the question esc at the top
	// of an elicitation form asks before cancelling it.
	ConfirmCancel, KeepEditing key.Binding
	// Open and Copy go on with a URL elicitation.
	Open, Copy key.Binding
	// ScrollUp and ScrollDown scroll a sampling request.
	ScrollUp, ScrollDown key.Binding
}

// NewKeys returns the questions' keys.
func NewKeys() Keys {
	return Keys{
		Accept:     bind([]string{"ctrl+s"}, "ctrl+s", "accept: send the form's content or the reply"),
		Decline:    bind([]string{"alt+d"}, "alt+d", "decline the elicitation, reject the sampling request"),
		Dismiss:    bind([]string{"esc"}, "esc", "at a form's top: ask to cancel the elicitation, reject the sampling; cancel a URL elicitation"),
		CancelCall: bind([]string{"ctrl+x"}, "ctrl+x", "cancel the call the server asks during; with none, refuse the question"),
		Open:       bind([]string{"enter", "o"}, "enter/o", "open the URL (the browser, else copy) and accept"),
		Copy:       bind([]string{"c"}, "c", "copy the URL and accept"),
		ScrollUp:   bind([]string{"alt+k"}, "alt+k", "scroll the sampling request up"),
		ScrollDown: bind([]string{"alt+j"}, "alt+j", "scroll the sampling request down"),

		ConfirmCancel: bind([]string{"y", "Y"}, "y/Y", "cancel the elicitation (asked after esc at the form's top)"),
		KeepEditing:   bind([]string{"n", "N", "esc"}, "n/N/esc", "keep editing the elicitation form"),
	}
}

// Group is every binding of the questions, as the help lists them.
func (k Keys) Group() screen.Group {
	return screen.Group{Title: GroupTitle, Bindings: []key.Binding{k.Accept, k.Decline, k.Dismiss, k.ConfirmCancel,
		k.KeepEditing, k.CancelCall, k.Open, k.Copy, k.ScrollUp, k.ScrollDown}}
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}
