package root

import (
	"github.com/toolbench/toolbench/target"
)

// loginCommand is the `toolbench auth login` a person pastes to log in at
// t with the auth flags given: the target as they named it, its URL's
// secrets as shell variables (secrets.PlaceholderURL), and no client secret,
// which the command reads from $TOOLBENCH_CLIENT_SECRET.
func (a *authFlags) loginCommand(t target.Target, s target.Settings) string {
	words := []word{lit("toolbench"), lit("auth"), lit("login")}
	plain := func(w ...string) {
		for _, x := range w {
			words = append(words, lit(x))
		}
	}
	if s.ConfigFile != "" && t.Name != "" && t.Source == s.ConfigFile {
		plain("--config", s.ConfigFile)
	}
	if t.CACertFile != "" {
		plain("--ca-cert", t.CACertFile)
	}
	if t.Insecure {
		plain("--insecure")
	}
	if t.FollowRedirects {
		plain("--follow-redirects")
	}
	for _, n := range authFlagNames {
		switch {
		case !a.given(n):
		case n == "client-secret":
			words = append(words, lit("--client-secret"), word{{ref: envClientSecret}})
		case n == "no-refresh-token":
			plain("--no-refresh-token")
		case n == "scope":
			for _, v := range a.scopes {
				plain("--scope", v)
			}
		default:
			plain("--"+n, a.fs.Lookup(n).Value.String())
		}
	}
	if t.Name != "" && t.Source != "" {
		plain(t.Name)
	} else {
		if t.Transport == target.SSE || t.Transport == target.StreamableHTTP {
			plain(string(t.Transport))
		}
		words = append(words, placeholderWord(t.URL, func(name, _ string) wordPart { return wordPart{ref: name} }))
	}
	return joinLine(words)
}
