package history

import (
	"encoding/json"
	"strings"
	"testing"
)

// validJSON is validValue over the whole of b, as json.Valid takes it.
func validJSON(b []byte) bool {
	end, ok := validValue(b, 0)
	return ok && skipSpace(b, end) == len(b)
}

func TestValidValueAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, in := range append(validSeeds, deep(maxDepth), deep(maxDepth+1)) {
		if got, want := validJSON([]byte(in)), json.Valid([]byte(in)); got != want {
			t.Errorf("validJSON(%q) = %v, json.Valid says %v", in, got, want)
		}
	}
}

// FuzzValidValue holds the history's validator to json.Valid.
func FuzzValidValue(f *testing.F) {
	for _, s := range validSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := validJSON(b), json.Valid(b); got != want {
			t.Fatalf("validJSON(%q) = %v, json.Valid says %v", b, got, want)
		}
	})
}

var validSeeds = []string{
	`{}`, `[]`, `""`, `0`, `-0`, `1.5e+3`, `true`, `false`, `null`, ` {"a" : [1, 2, {"b": null}] } `,
	`{"content":[{"type":"text","text":"a \"quoted\" \u00e9 \\ line\n"}],"isError":false}`,
	`01`, `1.`, `.5`, `-`, `1e`, `+1`, `{"a":1,}`, `[1,]`, `{"a"}`, `{a:1}`, `"\x"`, `"\u12g4"`,
	"\"tab\there\"", `"unterminated`, `[`, `{"a":1}{`, `tru`, `nul`, "\xff\"", "\"\xff\"", ``, ` `,
}
