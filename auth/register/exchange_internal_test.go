package register

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMaskBody(t *testing.T) {
	t.Parallel()
	const sec = "sec-5f0c2a9e81d34b7766aa01"
	tests := []struct {
		name, body string
		want       string // a substring of the result
	}{
		{"object", `{"client_id":"c","client_secret":"` + sec + `"}`, "••••aa01"},
		{"no secret", `{"client_id":"c"}`, `{"client_id":"c"}`},
		{"trailing garbage", `{"client_secret":"` + sec + `"} x`, "withheld"},
		{"array", `[{"client_secret":"` + sec + `"}]`, "withheld"},
		{"html", `<html>nope</html>`, "<html>nope</html>"},
		{"long", strings.Repeat("é", 3000), "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := maskBody([]byte(tt.body))
			if strings.Contains(got, sec) || !strings.Contains(got, tt.want) || !utf8.ValidString(got) {
				t.Fatalf("maskBody = %q, want %q in it and no secret", got, tt.want)
			}
		})
	}
}

// FuzzMaskBody: whatever else the answer holds, a secret of twelve or
// more characters in client_secret never shows whole.
func FuzzMaskBody(f *testing.F) {
	f.Add("sec-0123456789abcdef", `{"client_id":"c"}`)
	f.Add("ααααααααααααα", `{"client_secret":1}`)
	f.Fuzz(func(t *testing.T, sec, rest string) {
		if utf8.RuneCountInString(sec) < 12 || !utf8.ValidString(sec) {
			return
		}
		var obj map[string]any
		if json.Unmarshal([]byte(rest), &obj) != nil {
			obj = map[string]any{}
		}
		delete(obj, "client_secret")
		others, err := json.Marshal(obj)
		if err != nil {
			return
		}
		enc, _ := json.Marshal(sec)
		shown := []string{sec, strings.Trim(string(enc), `"`)}
		for _, s := range shown {
			if strings.Contains(string(others), s) {
				return // the secret also stands elsewhere in the answer
			}
		}
		obj["client_secret"] = sec
		b, _ := json.Marshal(obj)
		got := maskBody(b)
		for _, s := range shown {
			if strings.Contains(got, s) {
				t.Fatalf("secret %q shows in %q", sec, got)
			}
		}
	})
}
