package secrets

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"sort"
	"strings"
	"sync"
)

// Secret is a value toolbench never writes to disk outside the OAuth
// token store, and the name it is written as instead: "$NAME", for the
// person to fill at run time.
type Secret struct {
	// Name is the variable the value is referred to by: the -e key, the
	// header's name in shell form (X_API_KEY), the URL parameter's, or
	// ACCESS_TOKEN and the like for what OAuth gave.
	Name string
	// Value is the secret itself.
	Value string
}

// Ref is how the secret is written in its place: "$NAME".
func (s Secret) Ref() string { return "$" + s.Name }

// minFreeText is the shortest value replaced inside longer text. A value
// shorter than this (a PIN of "42") cannot be scrubbed from free text
// without wrecking it; it is still replaced where it is a whole JSON
// string, which is where a credential that short is found.
const minFreeText = 4

// common are values no credential has but a setting named like one may
// (-e USE_TOKEN=true): replacing them inside text would corrupt it.
var common = map[string]bool{"true": true, "false": true, "null": true, "none": true, "yes": true, "no": true,
	"on": true, "off": true, "enabled": true, "disabled": true}

// entry is a secret with the forms it is searched for in.
type entry struct {
	Secret
	// plain and escaped are the value as it is and inside a JSON string
	// (the same when nothing in it needs escaping).
	plain, escaped []byte
	// quoted is the JSON string of the value, what a whole entry is
	// searched for as.
	quoted []byte
	// whole says the value is too short or too common to replace inside
	// longer text: only a string that is exactly the value is replaced.
	whole bool
}

// Set is the secrets one run knows: those of the target (filled when it
// is parsed) and those learned while it runs (OAuth tokens, client
// secrets and assertions). Everything toolbench writes goes through the
// set's Scrub methods. A Set is safe for concurrent use; the zero value
// is empty and ready.
type Set struct {
	mu      sync.RWMutex
	entries []entry
	seen    map[string]bool
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{} }

// Add makes value a secret written as $name (name in shell form). An
// empty value, or one already in the set, changes nothing; a nil Set
// ignores it.
func (s *Set) Add(name, value string) {
	if s == nil || value == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen[value] {
		return
	}
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	s.seen[value] = true
	q, _ := json.Marshal(value)
	e := entry{Secret: Secret{Name: VarName(name), Value: value}, plain: []byte(value), escaped: q[1 : len(q)-1],
		quoted: q, whole: len(value) < minFreeText || common[strings.ToLower(value)]}
	// Longest first, so a secret that contains another is replaced whole.
	// A new slice each time: scrubs in progress hold the old one.
	i := sort.Search(len(s.entries), func(i int) bool { return len(s.entries[i].Value) < len(value) })
	next := make([]entry, 0, len(s.entries)+1)
	next = append(append(append(next, s.entries[:i]...), e), s.entries[i:]...)
	s.entries = next
}

// AddHeader adds the value of a -H header when Header names it a
// credential: the whole value, and for "Scheme credentials" the
// credentials alone (a server may echo the token without "Bearer"), and
// for Basic the decoded password too.
func (s *Set) AddHeader(name, value string) {
	if !Header(name) {
		return
	}
	value = strings.TrimSpace(value)
	s.Add(name, value)
	scheme, cred, ok := strings.Cut(value, " ")
	if !ok {
		return
	}
	cred = strings.TrimSpace(cred)
	s.Add(name, cred)
	if strings.EqualFold(scheme, "Basic") {
		if dec, err := base64.StdEncoding.DecodeString(cred); err == nil {
			if _, pass, ok := strings.Cut(string(dec), ":"); ok {
				s.Add(name, pass)
			}
		}
	}
}

// AddEnv adds the value of an environment variable the server gets when
// its name is a credential's (IsName): API_TOKEN=... is a secret,
// DEBUG=true is not. A value that is a URL adds the URL's own secrets
// (DATABASE_URL=postgres://user:pw@host).
func (s *Set) AddEnv(name, value string) {
	if IsName(name) {
		s.Add(name, value)
		return
	}
	if strings.Contains(value, "://") {
		s.AddURL(value)
	}
}

// All returns the secrets, longest value first.
func (s *Set) All() []Secret {
	if s == nil {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]Secret, len(s.entries))
	for i, e := range s.entries {
		out[i] = e.Secret
	}
	return out
}

// Len is how many secrets the set holds.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.entries)
}

// snapshot is the entries as they are now, for one scrub.
func (s *Set) snapshot() []entry {
	if s == nil {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.entries
}

// ScrubText returns text with every secret replaced by its $NAME, both as
// written and as JSON escapes it inside a string: for what is not JSON
// (a label, a JUnit report). Values too short or common to replace inside
// text (see minFreeText) are left.
func (s *Set) ScrubText(b []byte) []byte {
	for _, e := range s.snapshot() {
		if e.whole {
			continue
		}
		for _, form := range [][]byte{e.plain, e.escaped} {
			if bytes.Contains(b, form) {
				b = bytes.ReplaceAll(b, form, []byte(e.Ref()))
			}
		}
	}
	return b
}

// Fill puts back the secret values JSON was saved without: each JSON
// string that is exactly a secret's "$NAME" becomes the value this run
// holds under that name (the longest, when several share it).
func (s *Set) Fill(b []byte) []byte {
	done := map[string]bool{}
	for _, e := range s.snapshot() {
		if done[e.Name] {
			continue
		}
		done[e.Name] = true
		ref, _ := json.Marshal(e.Ref())
		if bytes.Contains(b, ref) {
			value, _ := json.Marshal(e.Value)
			b = bytes.ReplaceAll(b, ref, value)
		}
	}
	return b
}
