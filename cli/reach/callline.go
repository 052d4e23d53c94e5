package reach

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/shellword"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
)

// CallLine writes the `toolbench call` that repeats a workbench call from
// a shell: the server named as the person named it, with every connection
// flag they gave that a call depends on. Secret values (-e values named
// like credentials, credential headers, a URL's credentials, secret-looking
// flags of a stdio server) are written as shell variables, for the person
// to set; nothing else needs the shell.
type CallLine struct {
	// rest is the flags and the target, after the tool and its arguments.
	rest []shellword.Word
	// vars are the variables rest refers to, in order, and values what
	// each stands for, so that two secrets that would share a name get
	// one each (fromEnv for one the shell supplies as it is).
	vars   []string
	values map[string]string
}

// fromEnv is the value of a variable the command reads from the
// environment as it is: a bare -e KEY, $TOOLBENCH_CLIENT_SECRET. No flag
// value can hold a NUL, so no secret equals it.
const fromEnv = "\x00"

// NewCallLine prepares the line for the server t, which the flags of fs
// (c's) and the target words named.
func NewCallLine(c *ConnFlags, fs *pflag.FlagSet, t target.Target) *CallLine {
	l := &CallLine{values: map[string]string{}}
	// First, so that secrets named like them are the ones renamed.
	for _, kv := range c.env {
		if !strings.Contains(kv, "=") {
			l.ref(kv, fromEnv)
		}
	}
	if c.auth.given("client-secret") {
		l.ref(EnvClientSecret, fromEnv)
	}
	c.writeFlags(l, fs, t)
	l.writeTarget(t)
	return l
}

// Command is the line that calls tool with args, and the variables the
// shell must hold when it runs.
func (l *CallLine) Command(tool string, args []byte) (string, []string) {
	words := append([]shellword.Word{shellword.Lit("toolbench"), shellword.Lit("call"), shellword.Lit(tool), shellword.Lit("--args"), shellword.Lit(string(args))}, l.rest...)
	return shellword.Join(words), slices.Clone(l.vars)
}

// plain adds words of literal text.
func (l *CallLine) plain(words ...string) {
	for _, w := range words {
		l.rest = append(l.rest, shellword.Lit(w))
	}
}

// ref is a reference to a variable holding value, which the line now
// needs: name, or name_2, name_3... when name holds another value already.
func (l *CallLine) ref(name, value string) shellword.Part {
	n := name
	for i := 2; ; i++ {
		v, taken := l.values[n]
		if !taken {
			l.values[n] = value
			l.vars = append(l.vars, n)
			break
		}
		if v == value {
			break
		}
		n = name + "_" + strconv.Itoa(i)
	}
	return shellword.Part{Ref: n}
}

// writeFlags adds the connection flags the person gave that change what a
// call does, as they gave them, each secret value as a variable.
func (c *ConnFlags) writeFlags(l *CallLine, fs *pflag.FlagSet, t target.Target) {
	if c.config != "" && t.Name != "" && t.Source == c.config {
		l.plain("--config", c.config)
	}
	for _, name := range []string{"timeout", "max-duration", "max-asks", "protocol", "log-level"} {
		if fs.Changed(name) {
			l.plain("--"+name, fs.Lookup(name).Value.String())
		}
	}
	for _, r := range c.asks.roots {
		l.plain("--root", r)
	}
	for _, kv := range c.env {
		key, value, hasValue := strings.Cut(kv, "=")
		if !hasValue {
			// -e KEY passes toolbench's own value: the shell must have
			// it (NewCallLine named it).
			l.plain("-e", key)
			continue
		}
		if !secrets.IsName(key) {
			// Not a credential (DEBUG=true): the value is written as is.
			l.plain("-e", kv)
			continue
		}
		l.plain("-e")
		l.rest = append(l.rest, shellword.Word{{Lit: key + "="}, l.ref(shellword.VarName(key), value)})
	}
	if c.inheritEnv {
		l.plain("--inherit-env")
	}
	if c.cwd != "" {
		l.plain("--cwd", c.cwd)
	}
	for _, h := range c.headers {
		l.plain("-H")
		l.rest = append(l.rest, l.header(h))
	}
	if c.caCert != "" {
		l.plain("--ca-cert", c.caCert)
	}
	if c.insecure {
		l.plain("--insecure")
	}
	if c.follow {
		l.plain("--follow-redirects")
	}
	c.auth.writeFlags(l)
}

// header is the -H value h, its value a variable when the header carries
// a credential; the scheme of "Bearer TOKEN" stays, so the variable holds
// the token alone.
func (l *CallLine) header(h string) shellword.Word {
	name, value, _ := strings.Cut(h, ":")
	name, value = strings.Trim(name, " \t"), strings.Trim(value, " \t")
	if !secrets.Header(name) {
		return shellword.Lit(name + ": " + value)
	}
	prefix := name + ": "
	if scheme, token, ok := strings.Cut(value, " "); ok && isSchemeWord(scheme) {
		prefix, value = prefix+scheme+" ", token
	}
	return shellword.Word{{Lit: prefix}, l.ref(shellword.VarName(name), value)}
}

// isSchemeWord reports whether s reads as an authorization scheme
// (Bearer, Basic, Token): letters only.
func isSchemeWord(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) < 0
}

// writeFlags adds the OAuth flags the person gave. A client secret is never
// written: call reads it from $TOOLBENCH_CLIENT_SECRET without the flag.
func (a *authFlags) writeFlags(l *CallLine) {
	if a.given("auth") {
		l.plain("--auth", a.mode)
	}
	for _, n := range authFlagNames {
		switch {
		case !a.given(n):
		case n == "client-secret":
			// NewCallLine named $TOOLBENCH_CLIENT_SECRET.
		case n == "no-refresh-token":
			l.plain("--no-refresh-token")
		case n == "scope":
			for _, v := range a.scopes {
				l.plain("--scope", v)
			}
		default:
			l.plain("--"+n, a.fs.Lookup(n).Value.String())
		}
	}
}

// writeTarget adds the words that name t: its config name (or demo), the
// transport and URL, or the command that starts it.
func (l *CallLine) writeTarget(t target.Target) {
	switch {
	case t.Name != "":
		l.plain(t.Name)
	case t.Transport == target.Stdio:
		l.writeStdio(t)
	case t.Transport == target.Auto:
		l.rest = append(l.rest, l.url(t.URL))
	default:
		l.plain(string(t.Transport))
		l.rest = append(l.rest, l.url(t.URL))
	}
}

// writeStdio adds the command and its arguments; 'stdio' comes first
// where the command alone would read as something else (a keyword, a URL,
// a config name, a flag).
func (l *CallLine) writeStdio(t target.Target) {
	cmd := t.Command
	switch {
	case strings.HasPrefix(cmd, "-"):
		l.plain("stdio", "--")
	case len(t.Args) == 0, cmd == "stdio", cmd == "sse", cmd == "http", cmd == target.DemoWord, target.LooksLikeURL(cmd):
		l.plain("stdio")
	}
	l.plain(cmd)
	args := t.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		secret := strings.HasPrefix(a, "-") && name != "" && secrets.IsName(name)
		switch {
		case secret && inline && value != "":
			l.rest = append(l.rest, shellword.Word{{Lit: a[:len(a)-len(value)]}, l.ref(shellword.VarName(name), value)})
		case secret && !inline && i+1 < len(args) && args[i+1] != "" && !strings.HasPrefix(args[i+1], "-"):
			l.plain(a)
			l.rest = append(l.rest, shellword.Word{l.ref(shellword.VarName(name), args[i+1])})
			i++
		default:
			l.plain(a)
		}
	}
}

// url is the word of the URL raw, each of its credentials a variable the
// line now needs.
func (l *CallLine) url(raw string) shellword.Word {
	return shellword.Placeholder(raw, l.ref)
}
