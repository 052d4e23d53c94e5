package recall

import (
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

var (
	elicit = client.Ask{Kind: client.AskElicit}
	sample = client.Ask{Kind: client.AskSample}
)

// TestAnswersKeepTheFirstOfEachKind: a test answers every ask of a kind
// alike, so the first answer of each kind is the one kept; a withdrawn
// ask leaves nothing, a refused sampling request is "reject".
func TestAnswersKeepTheFirstOfEachKind(t *testing.T) {
	t.Parallel()
	var a Answers
	a.Note(elicit, Reply{Err: errors.New("withdrawn")})
	a.Note(elicit, Reply{Result: []byte(`{"action":"accept","content":{"n":1}}`)})
	a.Note(elicit, Reply{Result: []byte(`{"action":"decline"}`)})
	a.Note(sample, Reply{Err: errors.New("rejected"), Rejected: true})
	a.Note(sample, Reply{Result: []byte(`{"role":"assistant"}`)})
	if string(a.Elicit) != `{"n":1}` || string(a.Sample) != `"reject"` {
		t.Errorf("kept elicit %s, sample %s", a.Elicit, a.Sample)
	}
}

// TestAnswersWithholdSecrets: a form's content with secret-looking
// fields is withheld, naming them; a decline of the same form is kept.
func TestAnswersWithholdSecrets(t *testing.T) {
	t.Parallel()
	var accepted, declined Answers
	accepted.Note(elicit, Reply{Result: []byte(`{"action":"accept","content":{"pw":"x"}}`), Secret: []string{"pw"}})
	declined.Note(elicit, Reply{Result: []byte(`{"action":"decline"}`), Secret: []string{"pw"}})
	if accepted.Elicit != nil || strings.Join(accepted.Withheld, ",") != "pw" {
		t.Errorf("accepted: kept %s, withheld %v", accepted.Elicit, accepted.Withheld)
	}
	if string(declined.Elicit) != `"decline"` || declined.Withheld != nil {
		t.Errorf("declined: kept %s, withheld %v", declined.Elicit, declined.Withheld)
	}
}

// TestElicitShape turns each kind of ElicitResult into a test's elicit.
func TestElicitShape(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"action":"accept","content":{"a":1}}`: `{"a":1}`,
		`{"action":"accept"}`:                   `"accept-defaults"`,
		`{"action":"accept","content":null}`:    `"accept-defaults"`,
		`{"action":"decline"}`:                  `"decline"`,
		`{"action":"cancel"}`:                   `"cancel"`,
		`{"action":"other"}`:                    ``,
		`not json`:                              ``,
	} {
		if got := string(ElicitShape([]byte(in))); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
}

// TestGivenFollowsCalls: answers given during a call become its tool's
// last call's when it ends; a call that ends with none clears them, and
// Forget drops them.
func TestGivenFollowsCalls(t *testing.T) {
	t.Parallel()
	g := NewGiven()
	g.Note(1, sample, Reply{Result: []byte(`"s"`)})
	g.Ended(1, "echo")
	if string(g.Last("echo").Sample) != `"s"` {
		t.Fatalf("after the call: %+v", g.Last("echo"))
	}
	g.Ended(2, "echo")
	if g.Last("echo").Sample != nil {
		t.Errorf("a call without answers kept the last one's: %+v", g.Last("echo"))
	}
	g.Note(3, sample, Reply{Result: []byte(`"t"`)})
	g.Ended(3, "echo")
	g.Forget("echo")
	if g.Last("echo").Sample != nil {
		t.Errorf("forgotten answers remain: %+v", g.Last("echo"))
	}
}
