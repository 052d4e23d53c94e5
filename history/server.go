package history

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
)

// Server is which server a record, preset or snapshot belongs to.
type Server struct {
	// Key identifies the server across runs: a hash of its transport and
	// command line, directory or URL, never of its environment, headers
	// or credentials, which change without making it another server.
	Key string `json:"key"`
	// Label is the target as the person typed it, each secret in it
	// written as $NAME.
	Label string `json:"label"`
	// Name is its name in a config file, when it came from one.
	Name string `json:"name,omitempty"`
	// Reported and Version are the name and version the server gave.
	Reported string `json:"reported,omitempty"`
	Version  string `json:"version,omitempty"`
}

// ServerOf is the Server t names (Reported and Version are the caller's
// to fill once the server has answered).
func ServerOf(t target.Target) Server {
	set := t.Secrets()
	label, _ := secrets.PlaceholderURL(t.String())
	if t.Transport == target.Stdio {
		args := secrets.RewriteArgs(t.Args, func(name, _ string) string { return "$" + name })
		label = string(set.ScrubText([]byte(strings.Join(append([]string{t.Command}, args...), " "))))
	}
	return Server{Key: serverKey(t, set), Label: label, Name: t.Name}
}

// serverKey hashes what makes t the same server from one run to the next.
func serverKey(t target.Target, set *secrets.Set) string {
	parts := []string{string(t.Transport)}
	if t.Transport == target.Stdio {
		parts = append(parts, t.Dir, t.Command)
		parts = append(parts, t.Args...)
	} else {
		u, _ := secrets.PlaceholderURL(t.URL)
		parts = append(parts, u)
	}
	joined := strings.Join(parts, "\x00")
	sum := sha256.Sum256(set.ScrubText([]byte(joined)))
	return hex.EncodeToString(sum[:8])
}

// Matches reports whether s is the server a --server word names: its
// config name, label or reported name contains word, case-insensitively,
// or word is its key.
func (s Server) Matches(word string) bool {
	if word == "" || word == s.Key {
		return true
	}
	w := strings.ToLower(word)
	for _, f := range []string{s.Name, s.Label, s.Reported} {
		if f != "" && strings.Contains(strings.ToLower(f), w) {
			return true
		}
	}
	return false
}
