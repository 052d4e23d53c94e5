package answer

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestElicitPolicy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, raw   string
		wantSource  string
		wantContent string
		wantErr     string
	}{
		{"accept-defaults", `"accept-defaults"`, AcceptDefaults, "", ""},
		{"decline", `"decline"`, Decline, "", ""},
		{"cancel", `"cancel"`, Cancel, "", ""},
		{"content object", `{"name":"Ada","n":2}`, inlineSource, `{"name":"Ada","n":2}`, ""},
		{"unknown name", `"accept"`, "", "", `"accept" is not a policy`},
		{"file names are not inline", `"answers.json"`, "", "", `"answers.json" is not a policy`},
		{"array", `[1]`, "", "", "an array is not a policy"},
		{"number", `3`, "", "", "a number is not a policy"},
		{"not JSON", `{`, "", "", "not valid JSON"},
		{"empty", ``, "", "", "empty policy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e, err := ElicitPolicy(json.RawMessage(tt.raw))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.String() != tt.wantSource || string(e.content) != tt.wantContent {
				t.Errorf("got source %q content %s, want %q %s", e.String(), e.content, tt.wantSource, tt.wantContent)
			}
		})
	}
}

func TestSamplePolicy(t *testing.T) {
	t.Parallel()
	good := `{"role":"assistant","content":{"type":"text","text":"hi"},"model":"m"}`
	tests := []struct {
		name, raw string
		wantErr   string
		missing   []string
	}{
		{"reject", `"reject"`, "", nil},
		{"result", good, "", nil},
		{"other name", `"accept"`, `"accept" is not a policy`, nil},
		{"array", `[]`, "an array is not a policy", nil},
		{"not a result", `{"role":"system","content":"x"}`, "not a CreateMessageResult",
			[]string{`"role" must be`, `"content" is not a content block`, `missing "model"`}},
		{"empty", ``, "empty policy", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := SamplePolicy(json.RawMessage(tt.raw))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				var fe *FileError
				if tt.missing != nil && (!errors.As(err, &fe) || len(fe.Missing) != len(tt.missing)) {
					t.Fatalf("err = %#v, want a FileError listing %q", err, tt.missing)
				}
				for i, w := range tt.missing {
					if !strings.HasPrefix(fe.Missing[i], w) {
						t.Errorf("missing[%d] = %q, want %q", i, fe.Missing[i], w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			res, aerr := s.answer()
			switch tt.raw {
			case `"reject"`:
				if !errors.Is(aerr, ErrRejected) {
					t.Errorf("answer err = %v, want ErrRejected", aerr)
				}
			default:
				if aerr != nil || string(res) != good {
					t.Errorf("answer = %s, %v; want the result as written", res, aerr)
				}
			}
		})
	}
}
