package auth

import (
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/ui/render"
)

// doing says what the flow does while a step runs, for the header and
// the auth screen ("auth: waiting for the browser").
var doing = map[step.Name]string{
	step.Challenge:        "reading the server's challenge",
	step.ResourceMetadata: "fetching the protected-resource metadata",
	step.ServerMetadata:   "fetching the authorization server's metadata",
	step.Registration:     "registering the client",
	step.Browser:          "sending you to the browser",
	step.Callback:         "waiting for the browser's redirect",
	step.Token:            "getting a token",
	step.Refresh:          "refreshing the token",
	step.Retry:            "sending the request again",
}

// did says what a step that ended left done.
var did = map[step.Name]string{
	step.Challenge:        "read the server's challenge",
	step.ResourceMetadata: "read the protected-resource metadata",
	step.ServerMetadata:   "read the authorization server's metadata",
	step.Registration:     "has a client",
	step.Browser:          "waiting for the browser's redirect",
	step.Callback:         "the browser came back",
	step.Token:            "got a token",
	step.Refresh:          "refreshed the token",
	step.Retry:            "authorized: the request went again",
}

// flowVerdict is where flow f stands, in a few words, and how it reads.
func flowVerdict(f *flow) (string, render.Level) {
	if s := f.failed(); s != nil {
		return "failed at the " + string(s.name) + " step", render.LevelError
	}
	last := f.last()
	if last == nil {
		return "starting", render.LevelWarn
	}
	if last.name == step.Retry && last.finished() {
		return did[step.Retry], render.LevelOK
	}
	if !last.finished() {
		return phrase(doing, last.name), render.LevelWarn
	}
	if f.ended() {
		return did[last.name], render.LevelOK
	}
	return phrase(did, last.name), render.LevelWarn
}

// phrase is a step's words, or its name for a step the words miss.
func phrase(words map[step.Name]string, name step.Name) string {
	if w, ok := words[name]; ok {
		return w
	}
	return string(name)
}

// stepVerdict is a failed step's verdict: its error in the words of
// explain (the workbench's one wording of auth errors), or the error
// itself when explain has none for it.
func stepVerdict(s *flowStep, explain func(step.Name, error) []string) []string {
	if s.state != step.Failed {
		return nil
	}
	if explain != nil {
		return explain(s.name, s.err)
	}
	if s.err == nil {
		return []string{"✗ the " + string(s.name) + " step failed"}
	}
	return []string{"✗ the " + string(s.name) + " step failed", "cause: " + s.err.Error()}
}
