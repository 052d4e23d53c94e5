package target

import (
	"os"
	"strings"

	"github.com/toolbench/toolbench/target/secrets"
)

// Secrets returns a new set holding the secrets t carries, under the one
// policy of package secrets: the values of -e variables named like a
// credential (a bare -e KEY is looked up in toolbench's own environment,
// which is what the server gets), and with --inherit-env every variable
// of that environment named like one; the values of credential headers
// (Authorization, X-Api-Key...); the URL's credentials (userinfo,
// credential query parameters, a key in the path); and the values of a
// stdio server's credential flags (--api-key X). A variable with another
// name (-e DEBUG=true) is not a secret. A run creates one set from its
// target and adds what it learns while it runs (OAuth tokens).
func (t Target) Secrets() *secrets.Set {
	s := secrets.NewSet()
	if t.InheritEnv {
		for _, kv := range os.Environ() {
			if key, value, ok := strings.Cut(kv, "="); ok {
				s.AddEnv(key, value)
			}
		}
	}
	for _, e := range t.Env {
		key, value, ok := strings.Cut(e, "=")
		if !ok {
			value = os.Getenv(key)
		}
		s.AddEnv(key, value)
	}
	for name, values := range t.Header {
		for _, v := range values {
			s.AddHeader(name, v)
		}
	}
	s.AddURL(t.URL)
	s.AddArgs(t.Args)
	return s
}
