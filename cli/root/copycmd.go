package root

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
)

// callLine writes the `toolbench call` that repeats a workbench call from
// a shell: the server named as the person named it, with every connection
// flag they gave that a call depends on. Secret values (-e values named
// like credentials, credential headers, a URL's credentials, secret-looking
// flags of a stdio server) are written as shell variables, for the person
// to set; nothing else needs the shell.
type callLine struct {
	// rest is the flags and the target, after the tool and its arguments.
	rest []word
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

// newCallLine prepares the line for the server t, which the flags of fs
// (c's) and the target words named.
func newCallLine(c *connFlags, fs *pflag.FlagSet, t target.Target) *callLine {
	l := &callLine{values: map[string]string{}}
	// First, so that secrets named like them are the ones renamed.
	for _, kv := range c.env {
		if !strings.Contains(kv, "=") {
			l.ref(kv, fromEnv)
		}
	}
	if c.auth.given("client-secret") {
		l.ref(envClientSecret, fromEnv)
	}
	c.writeFlags(l, fs, t)
	l.writeTarget(t)
	return l
}

// Command is the line that calls tool with args, and the variables the
// shell must hold when it runs.
func (l *callLine) Command(tool string, args []byte) (string, []string) {
	words := append([]word{lit("toolbench"), lit("call"), lit(tool), lit("--args"), lit(string(args))}, l.rest...)
	return joinLine(words), slices.Clone(l.vars)
}

// plain adds words of literal text.
func (l *callLine) plain(words ...string) {
	for _, w := range words {
		l.rest = append(l.rest, lit(w))
	}
}

// ref is a reference to a variable holding value, which the line now
// needs: name, or name_2, name_3... when name holds another value already.
func (l *callLine) ref(name, value string) wordPart {
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
	return wordPart{ref: n}
}

// writeFlags adds the connection flags the person gave that change what a
// call does, as they gave them, each secret value as a variable.
func (c *connFlags) writeFlags(l *callLine, fs *pflag.FlagSet, t target.Target) {
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
			// it (newCallLine named it).
			l.plain("-e", key)
			continue
		}
		if !secrets.IsName(key) {
			// Not a credential (DEBUG=true): the value is written as is.
			l.plain("-e", kv)
			continue
		}
		l.plain("-e")
		l.rest = append(l.rest, word{{lit: key + "="}, l.ref(shellVar(key), value)})
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
func (l *callLine) header(h string) word {
	name, value, _ := strings.Cut(h, ":")
	name, value = strings.Trim(name, " \t"), strings.Trim(value, " \t")
	if !secrets.Header(name) {
		return lit(name + ": " + value)
	}
	prefix := name + ": "
	if scheme, token, ok := strings.Cut(value, " "); ok && isSchemeWord(scheme) {
		prefix, value = prefix+scheme+" ", token
	}
	return word{{lit: prefix}, l.ref(shellVar(name), value)}
}

// isSchemeWord reports whether s reads as an authorization scheme
// (Bearer, Basic, Token): letters only.
func isSchemeWord(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') }) < 0
}

// writeFlags adds the OAuth flags the person gave. A client secret is never
// written: call reads it from $TOOLBENCH_CLIENT_SECRET without the flag.
func (a *authFlags) writeFlags(l *callLine) {
	if a.given("auth") {
		l.plain("--auth", a.mode)
	}
	for _, n := range authFlagNames {
		switch {
		case !a.given(n):
		case n == "client-secret":
			// newCallLine named $TOOLBENCH_CLIENT_SECRET.
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
func (l *callLine) writeTarget(t target.Target) {
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
func (l *callLine) writeStdio(t target.Target) {
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
			l.rest = append(l.rest, word{{lit: a[:len(a)-len(value)]}, l.ref(shellVar(name), value)})
		case secret && !inline && i+1 < len(args) && args[i+1] != "" && !strings.HasPrefix(args[i+1], "-"):
			l.plain(a)
			l.rest = append(l.rest, word{l.ref(shellVar(name), args[i+1])})
			i++
		default:
			l.plain(a)
		}
	}
}

// url is the word of the URL raw, each of its credentials a variable the
// line now needs.
func (l *callLine) url(raw string) word {
	return placeholderWord(raw, l.ref)
}

// shellVar is the variable a secret named name is written as: the name in
// capitals, each character a shell name cannot hold made '_' (X-API-Key
// becomes X_API_KEY), as target.Secrets names them.
func shellVar(name string) string {
	b := []byte(strings.ToUpper(name))
	for i, c := range b {
		if !isNameByte(c) {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] >= '0' && b[0] <= '9' {
		b = append([]byte("P_"), b...)
	}
	return string(b)
}
