package savetest

import (
	"encoding/json"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// maxMatchChecks bounds the checks offered for structuredContent's
// members: a result with hundreds of them would make a modal no one reads.
const maxMatchChecks = 20

// testCheck is one expectation the test may keep.
type testCheck struct {
	kind    string // "isError", "outputValid", "snapshot" or "match"
	pointer string // for a match
	value   json.RawMessage
	on      bool
}

// resultChecks are the checks a result offers, with the values it shows
// now, and the bytes of its snapshot.
func resultChecks(r *client.CallResult, v check.OutputVerdict) ([]testCheck, []byte) {
	checks := []testCheck{{kind: "isError", value: jsonBool(r.IsError), on: true}}
	if v.Checked {
		checks = append(checks, testCheck{kind: "outputValid", value: jsonBool(v.Valid), on: true})
	}
	snap := r.StructuredContent
	if snap == nil {
		var whole struct {
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(r.Raw, &whole) == nil {
			snap = whole.Content
		}
	}
	if snap != nil {
		checks = append(checks, testCheck{kind: "snapshot", value: snap, on: true})
	}
	return append(checks, memberChecks(r.StructuredContent)...), snap
}

// memberChecks offers a match per top-level member of structuredContent,
// in the server's order, off until ticked.
func memberChecks(sc json.RawMessage) []testCheck {
	dec := json.NewDecoder(strings.NewReader(string(sc)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out []testCheck
	for dec.More() && len(out) < maxMatchChecks {
		tok, err := dec.Token()
		name, ok := tok.(string)
		var val json.RawMessage
		if err != nil || !ok || dec.Decode(&val) != nil {
			return out
		}
		out = append(out, testCheck{kind: "match", pointer: "/structuredContent/" + jsondoc.EscapeToken(name), value: val})
	}
	return out
}

func jsonBool(b bool) json.RawMessage {
	if b {
		return json.RawMessage("true")
	}
	return json.RawMessage("false")
}

// test is the collection.Test the modal describes, and its snapshot when
// kept.
func (s *Screen) test() (collection.Test, []byte) {
	c := s.call
	t := collection.Test{Name: strings.TrimSpace(s.name.Value()), Tool: c.Tool, Arguments: c.Args,
		Elicit: c.Elicit, Sample: c.Sample}
	var snap []byte
	for _, ch := range s.checks {
		if !ch.on {
			continue
		}
		switch ch.kind {
		case "isError":
			b := string(ch.value) == "true"
			t.Expect.IsError = &b
		case "outputValid":
			b := string(ch.value) == "true"
			t.Expect.OutputValid = &b
		case "snapshot":
			t.Expect.Snapshot, snap = true, s.snap
		case "match":
			t.Expect.Match = append(t.Expect.Match, collection.Match{Pointer: ch.pointer, Equals: ch.value})
		}
	}
	return t, snap
}
