package root

import (
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
)

// shellWord is one word of a command line for a person to paste, and
// whether it holds ${NAME} references the shell must expand.
type shellWord struct {
	text   string
	expand bool
}

// loginCommand is the `toolbench auth login` a person pastes to log in at
// t with the auth flags given: the target as they named it, its URL's
// secrets as shell variables (secrets.PlaceholderURL), and no client secret,
// which the command reads from $TOOLBENCH_CLIENT_SECRET.
func (a *authFlags) loginCommand(t target.Target, s target.Settings) string {
	words := []shellWord{{text: "toolbench"}, {text: "auth"}, {text: "login"}}
	plain := func(w ...string) {
		for _, x := range w {
			words = append(words, shellWord{text: x})
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
			words = append(words, shellWord{text: "--client-secret"}, shellWord{text: "${" + envClientSecret + "}", expand: true})
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
		u, vars := secrets.PlaceholderURL(t.URL)
		words = append(words, shellWord{text: u, expand: len(vars) > 0})
	}
	return shellJoin(words)
}

// bareWord is what a shell reads as itself, unquoted.
var bareWord = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellJoin quotes each word the way a POSIX shell reads it back: bare
// when it can be, in double quotes when it holds references to expand,
// else in single quotes.
func shellJoin(words []shellWord) string {
	out := make([]string, len(words))
	for i, w := range words {
		switch {
		case bareWord.MatchString(w.text):
			out[i] = w.text
		case w.expand:
			out[i] = `"` + escapeDouble(w.text) + `"`
		default:
			out[i] = "'" + strings.ReplaceAll(w.text, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// escapeDouble escapes what a shell would interpret inside double quotes,
// keeping ${NAME} references.
func escapeDouble(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\' || c == '`':
			b.WriteByte('\\')
		case c == '$' && (i+1 >= len(s) || s[i+1] != '{'):
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}
