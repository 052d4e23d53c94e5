package target

import (
	"net/http"
	"os"
	"sort"
	"strings"

	"github.com/toolbench/toolbench/config"
)

// apply adds the settings to t, refusing those that do not fit its
// transport rather than ignoring them.
func (p Parser) apply(t *Target, s Settings) error {
	if t.Transport == Stdio {
		return p.applyStdio(t, s)
	}
	if len(s.Env) > 0 || s.InheritEnv || s.Dir != "" {
		return badf("-e, --inherit-env and --cwd apply to stdio servers; %s is reached over HTTP", Redact(t.URL))
	}
	if s.CACertFile != "" {
		if _, err := os.Stat(s.CACertFile); err != nil {
			return badf("--ca-cert: %w", err)
		}
		t.CACertFile = s.CACertFile
	}
	t.Insecure = s.Insecure
	t.FollowRedirects = s.FollowRedirects
	for name, values := range t.Header {
		if !validHeaderName(name) {
			return badf("header %q of server %q in %s is not a header name: it holds a space or a character names cannot have", name, t.Name, t.Source)
		}
		for _, v := range values {
			if problem := valueProblem(v); problem != "" {
				return badf("header %s of server %q in %s: the value %s; a header value must be one line", name, t.Name, t.Source, problem)
			}
		}
	}
	if len(s.Headers) > 0 && t.Header == nil {
		t.Header = http.Header{}
	}
	for i, h := range s.Headers {
		name, value, err := parseHeader(i+1, h)
		if err != nil {
			return err
		}
		t.Header.Add(name, value)
	}
	return nil
}

func (p Parser) applyStdio(t *Target, s Settings) error {
	switch {
	case len(s.Headers) > 0:
		return badf("-H/--header applies to HTTP servers; %q is started over stdio", t.Command)
	case s.CACertFile != "" || s.Insecure:
		return badf("--ca-cert and --insecure apply to https:// servers; %q is started over stdio", t.Command)
	case s.FollowRedirects:
		return badf("--follow-redirects applies to HTTP servers; %q is started over stdio", t.Command)
	}
	lookup := p.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	for i, kv := range s.Env {
		if err := checkEnv(i+1, kv, lookup); err != nil {
			return err
		}
	}
	t.Env = append(t.Env, s.Env...)
	t.InheritEnv = s.InheritEnv
	if s.Dir != "" {
		t.Dir = s.Dir
	}
	return nil
}

// checkEnv refuses the n-th -e value when it names no variable, or names
// one to pass through that toolbench's environment lacks. The value is
// never quoted: -e carries secrets.
func checkEnv(n int, kv string, lookup func(string) (string, bool)) error {
	key, _, hasValue := strings.Cut(kv, "=")
	switch {
	case key == "":
		return badf("-e #%d: no variable name before the '='; want KEY=VAL, or KEY to pass toolbench's own value", n)
	case strings.ContainsAny(key, " \t\r\n\x00"):
		return badf("-e #%d: a variable name cannot hold white space; want KEY=VAL, or KEY", n)
	case hasValue:
		return nil
	}
	if _, ok := lookup(key); !ok {
		return badf("-e %s: %s is not set in toolbench's environment, so there is nothing to pass through; give -e %s=VALUE, or export it first", key, key, key)
	}
	return nil
}

// parseHeader reads the n-th -H value. Errors name the header by its
// position, or by its name once that is known to be one; never by its
// value, which is usually a credential.
func parseHeader(n int, h string) (name, value string, err error) {
	name, value, ok := strings.Cut(h, ":")
	name = strings.Trim(name, " \t")
	switch {
	case !ok:
		return "", "", badf("-H #%d: want 'Name: value' (no ':' found)", n)
	case name == "":
		return "", "", badf("-H #%d: want 'Name: value' (no name before the ':')", n)
	case !validHeaderName(name):
		return "", "", badf("-H #%d: want 'Name: value' (the part before the ':' is not a header name: it holds a space or a character names cannot have)", n)
	}
	// Only blanks are trimmed: a CR or LF at either end is refused too.
	value = strings.Trim(value, " \t")
	if problem := valueProblem(value); problem != "" {
		return "", "", badf("-H #%d (%s): the value %s; a header value must be one line", n, name, problem)
	}
	return name, value, nil
}

// validHeaderName reports whether name is an HTTP token (RFC 9110 5.1).
func validHeaderName(name string) bool {
	for _, c := range []byte(name) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
		if !ok {
			return false
		}
	}
	return name != ""
}

// valueProblem says what makes a header value unsendable, or "". A line
// break would end the header and start another (header injection); Go's
// HTTP client refuses other controls at send time, too late for a usage
// error.
func valueProblem(v string) string {
	for _, c := range []byte(v) {
		switch {
		case c == '\r' || c == '\n':
			return "holds a line break (CR or LF)"
		case c < ' ' && c != '\t' || c == 0x7f:
			return "holds a control character"
		}
	}
	return ""
}

// fromConfig makes the target a config definition names.
func fromConfig(s config.Server) Target {
	t := Target{Name: s.Name, Source: s.Source, Shadows: s.Shadows, Command: s.Command, Args: s.Args, Dir: s.Cwd, URL: s.URL, Auth: s.Auth}
	switch s.Type {
	case "stdio":
		t.Transport = Stdio
	case "sse":
		t.Transport = SSE
	case "http":
		t.Transport = StreamableHTTP
	default:
		t.Transport = Auto
	}
	for _, k := range sortedKeys(s.Env) {
		t.Env = append(t.Env, k+"="+s.Env[k])
	}
	if len(s.Headers) > 0 {
		t.Header = http.Header{}
		for _, k := range sortedKeys(s.Headers) {
			t.Header.Set(k, s.Headers[k])
		}
	}
	return t
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
