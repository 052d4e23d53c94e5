package answer

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSample(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body string
		missing    []string // nil: the file is a CreateMessageResult
	}{
		{"issue example", `{"role":"assistant","content":{"type":"text","text":"hi"},"model":"m","stopReason":"endTurn"}`, nil},
		{"content array", `{"role":"assistant","content":[{"type":"tool_use","id":"1","name":"f","input":{}}],"model":"m"}`, nil},
		{"empty object", `{}`, []string{`missing "role"`, `missing "content"`, `missing "model"`}},
		{"wrong role", `{"role":"system","content":{"type":"text","text":"x"},"model":"m"}`, []string{`"role" must be "assistant" or "user"`}},
		{"content without type", `{"role":"assistant","content":{"text":"x"},"model":"m"}`, []string{`"content" is not a content block`}},
		{"content a string", `{"role":"assistant","content":"x","model":"m"}`, []string{`"content" is not a content block`}},
		{"bad item", `{"role":"assistant","content":[{"type":"text","text":"a"},7],"model":"m"}`, []string{`"content"[1] is not a content block`}},
		{"empty array", `{"role":"assistant","content":[],"model":"m"}`, []string{`"content" is an empty array`}},
		{"empty model", `{"role":"assistant","content":{"type":"text","text":"x"},"model":""}`, []string{`"model" must be a non-empty string`}},
		{"stopReason not a string", `{"role":"assistant","content":{"type":"text","text":"x"},"model":"m","stopReason":1}`, []string{`"stopReason" must be a string`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := writeFile(t, "reply.json", tt.body)
			s, err := ParseSample(path)
			if tt.missing == nil {
				res, aerr := s.answer()
				if err != nil || aerr != nil || string(res) != tt.body {
					t.Errorf("ParseSample: %v; answer %s, %v", err, res, aerr)
				}
				return
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != path || len(fe.Missing) != len(tt.missing) {
				t.Fatalf("err = %v, want a FileError listing %q", err, tt.missing)
			}
			for i, w := range tt.missing {
				if !strings.HasPrefix(fe.Missing[i], w) {
					t.Errorf("missing[%d] = %q, want %q", i, fe.Missing[i], w)
				}
			}
			if !strings.HasPrefix(err.Error(), path+": not a CreateMessageResult: ") {
				t.Errorf("Error() = %q", err)
			}
		})
	}
}

func TestSampleReject(t *testing.T) {
	t.Parallel()
	s, err := ParseSample(Reject)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.answer(); !errors.Is(err, ErrRejected) {
		t.Errorf("reject answered %v", err)
	}
	for _, v := range []string{"", "accept-defaults", "nothing-here.json"} {
		if _, err := ParseSample(v); err == nil {
			t.Errorf("%q accepted", v)
		}
	}
	bad := writeFile(t, "bad.json", "{\n  \"role\": \"assistant\"\n  \"model\": \"m\"}")
	var fe *FileError
	if _, err := ParseSample(bad); !errors.As(err, &fe) || fe.Offset != 26 {
		t.Errorf("bad JSON: %v (%+v), want the offset 26", err, fe)
	}
}
