package target

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"sort"
	"strings"
)

// Secret is a value a target carries that toolbench never writes to disk
// (outside the OAuth token store), and the name it is written as instead:
// "$NAME", for the person to fill at run time.
type Secret struct {
	// Name is the variable the value is referred to by: the -e key, the
	// header's name in shell form (X_API_KEY), or the URL parameter's.
	Name string
	// Value is the secret itself.
	Value string
}

// Ref is how the secret is written in its place: "$NAME".
func (s Secret) Ref() string { return "$" + s.Name }

// minSecretLen is the shortest value scrubbed from what toolbench writes.
// Every -e value counts as a secret, but replacing "1" or "true" wherever
// it occurs would wreck the records while hiding nothing.
const minSecretLen = 4

// Secrets are the values of t that must never reach a file: every -e
// value (a bare -e KEY is looked up in toolbench's own environment, which
// is what the server gets), the values of Authorization and of every
// header whose name looks like a token, key, secret, password or cookie,
// and the credentials of the URL (userinfo, credential-like query
// parameters). The longest come first, so scrubbing one that contains
// another replaces the whole.
func (t Target) Secrets() []Secret {
	var out []Secret
	add := func(name, value string) {
		if len(value) >= minSecretLen {
			out = append(out, Secret{Name: varName(name), Value: value})
		}
	}
	for _, e := range t.Env {
		key, value, ok := strings.Cut(e, "=")
		if !ok {
			value = os.Getenv(key)
		}
		add(key, value)
	}
	for name, values := range t.Header {
		if SecretHeader(name) {
			for _, v := range values {
				add(name, v)
				// "Bearer abc": the token alone may be echoed too.
				if _, tok, ok := strings.Cut(v, " "); ok {
					add(name, strings.TrimSpace(tok))
				}
			}
		}
	}
	urlSecrets(t.URL, add)
	argSecrets(t.Args, add)
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Value) > len(out[j].Value) })
	return out
}

// argSecrets hands add the values of a stdio server's secret-looking
// flags: --api-key=X, --token X.
func argSecrets(args []string, add func(name, value string)) {
	for i, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "" || !SecretParam(name) {
			continue
		}
		if !inline && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			value = args[i+1]
		}
		add(name, value)
	}
}

// SecretHeader reports whether a header named name carries a credential:
// Authorization, Cookie, and any name with a token, key, secret, password,
// auth or session part.
func SecretHeader(name string) bool {
	n := strings.ToLower(name)
	return n == "cookie" || n == "set-cookie" || n == "proxy-authorization" || SecretParam(n)
}

// urlSecrets hands add the userinfo and the credential-like query values
// of raw, decoded as the server receives them.
func urlSecrets(raw string, add func(name, value string)) {
	if raw == "" {
		return
	}
	u, err := url.Parse(raw)
	if err != nil {
		return
	}
	if u.User != nil {
		add("MCP_USER", u.User.Username())
		if p, ok := u.User.Password(); ok {
			add("MCP_PASSWORD", p)
		}
	}
	for name, values := range u.Query() {
		if SecretParam(name) {
			for _, v := range values {
				add(name, v)
			}
		}
	}
}

// Scrub returns b with every secret's value replaced by its reference
// ($NAME), both as written and as JSON would escape it inside a string,
// so a server that echoes a secret in a result cannot get it written to
// history. b is returned unchanged when it holds none.
func Scrub(b []byte, secrets []Secret) []byte {
	for _, s := range secrets {
		for _, form := range secretForms(s.Value) {
			if bytes.Contains(b, form) {
				b = bytes.ReplaceAll(b, form, []byte(s.Ref()))
			}
		}
	}
	return b
}

// secretForms are the byte strings a secret value can appear as: itself,
// and its JSON string escaping when that differs.
func secretForms(v string) [][]byte {
	forms := [][]byte{[]byte(v)}
	q, err := json.Marshal(v)
	if err == nil {
		if esc := q[1 : len(q)-1]; !bytes.Equal(esc, forms[0]) {
			forms = append(forms, esc)
		}
	}
	return forms
}
