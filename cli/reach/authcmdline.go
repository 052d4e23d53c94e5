package reach

import (
	"github.com/toolbench/toolbench/cli/shellword"
	"github.com/toolbench/toolbench/target"
)

// loginCommand is the `toolbench auth login` a person pastes to log in at
// t with the auth flags given: the target as they named it, its URL's
// secrets as shell variables (secrets.PlaceholderURL), and no client secret,
// which the command reads from $TOOLBENCH_CLIENT_SECRET.
func (a *authFlags) loginCommand(t target.Target, s target.Settings) string {
	words := []shellword.Word{shellword.Lit("toolbench"), shellword.Lit("auth"), shellword.Lit("login")}
	plain := func(w ...string) {
		for _, x := range w {
			words = append(words, shellword.Lit(x))
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
			words = append(words, shellword.Lit("--client-secret"), shellword.Word{{Ref: EnvClientSecret}})
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
		words = append(words, shellword.Placeholder(t.URL, func(name, _ string) shellword.Part { return shellword.Part{Ref: name} }))
	}
	return shellword.Join(words)
}
