package ask

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/weburl"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// urlModal is a URL-mode elicitation: the URL, its host picked out, and a
// question before anything is opened.
type urlModal struct {
	st      *theme.Styles
	keys    Keys
	head    render.AskHead
	req     client.Elicitation
	browser Browser
	width   int
	height  int
}

var _ modal = (*urlModal)(nil)

func newURLModal(st *theme.Styles, keys Keys, head render.AskHead, req client.Elicitation, b Browser) *urlModal {
	if !webURL(req.URL) {
		// Only web pages go to a browser: a file: or custom-scheme URL
		// from a server could start anything.
		b = nil
	}
	return &urlModal{st: st, keys: keys, head: head, req: req, browser: b}
}

// webURL reports an http or https URL with a host: the one rule the CLI's
// --elicit policy follows too.
func webURL(raw string) bool {
	_, err := weburl.Check(raw)
	return err == nil
}

func (u *urlModal) title() string { return "URL elicitation" }

// typing: a URL elicitation asks only for keys.
func (u *urlModal) typing() bool { return false }

func (u *urlModal) update(msg tea.Msg) (modalOutcome, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return modalOutcome{}, nil
	}
	switch {
	case key.Matches(k, u.keys.Open) && u.browser != nil:
		b, target := u.browser, u.req.URL
		open := func() tea.Msg {
			// A browser that would not start is said; the answer stands.
			if err := b.Open(target); err != nil {
				return screen.Batch{screen.Status{Level: render.LevelError, Text: "could not open the URL: " + err.Error()}}
			}
			return nil
		}
		return u.accepted("opening the URL with " + b.Name()), open
	case key.Matches(k, u.keys.Open), key.Matches(k, u.keys.Copy):
		return u.accepted("copied the URL to the clipboard"), tea.SetClipboard(u.req.URL)
	case key.Matches(k, u.keys.Decline):
		return answered(client.ElicitResult{Action: "decline"}, "declined the URL elicitation"), nil
	case key.Matches(k, u.keys.Dismiss):
		return answered(client.ElicitResult{Action: "cancel"}, "cancelled the URL elicitation"), nil
	}
	return modalOutcome{}, nil
}

// accepted is the accept answer, and the wait for the server that follows.
func (u *urlModal) accepted(status string) modalOutcome {
	out := answered(client.ElicitResult{Action: "accept"}, status)
	out.wait = &screen.URLWait{ID: u.req.ElicitationID, URL: u.req.URL, Message: u.req.Message, Head: u.head}
	return out
}

func (u *urlModal) resize(width, height int) { u.width, u.height = width, height }

func (u *urlModal) view() []string {
	lines := render.AskHeading(u.st, u.head, u.width)
	return append(lines, render.URLLines(u.st, render.URLAsk{Message: u.req.Message, URL: u.req.URL, Question: u.question()}, u.width)...)
}

// question says what the keys do, in the key map's words.
func (u *urlModal) question() string {
	k := u.keys
	open := render.FirstKey(k.Open.Help().Key)
	q := "Open it? " + open + " copies it to the clipboard and accepts (no browser found: neither xdg-open nor open is on PATH)"
	if u.browser != nil {
		q = "Open it? " + open + " opens it with " + u.browser.Name() + " and accepts; " +
			render.FirstKey(k.Copy.Help().Key) + " copies it instead and accepts"
	} else if !webURL(u.req.URL) {
		q = "Not an http(s) URL, so it is not opened: " + open + " copies it to the clipboard and accepts"
	}
	return q + "; " + render.FirstKey(k.Decline.Help().Key) + " declines; " + render.FirstKey(k.Dismiss.Help().Key) + " cancels."
}

// answers: open, copy (which accepts too) and decline.
func (u *urlModal) answers() int { return 3 }

func (u *urlModal) hints() [][2]string {
	k := u.keys
	return [][2]string{screen.Hint(k.Open, "open"), screen.Hint(k.Copy, "copy"), screen.Hint(k.Decline, "decline"), screen.Hint(k.Dismiss, "cancel"),
		screen.Hint(k.CancelCall, "cancel the call")}
}
