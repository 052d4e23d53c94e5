package step

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/target/secrets"
)

// secret returns a long, distinctive secret a test can search for.
func secret(t *testing.T, prefix string) string {
	t.Helper()
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return prefix + hex.EncodeToString(b)
}

// assertHidden fails when any secret, or its URL-encoded or JSON-escaped
// form, survives in out.
func assertHidden(t *testing.T, out string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		for _, form := range []string{s, url.QueryEscape(s), s[:len(s)-4]} {
			if strings.Contains(out, form) {
				t.Errorf("secret %q survives in %q", form, out)
			}
		}
	}
}

func TestMaskFormAndURL(t *testing.T) {
	t.Parallel()
	tok, ref, code, ver, sec, asr := secret(t, "tok-"), secret(t, "ref-"), secret(t, "code-"), secret(t, "ver-"), secret(t, "sec-"), secret(t, "jwt-")
	tests := []struct {
		name, in string
		keep     []string
		secrets  []string
		mask     func(string) string
	}{
		{"token request form", "grant_type=authorization_code&code=" + code + "&code_verifier=" + ver + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb",
			[]string{"grant_type=authorization_code&code=••••", "&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb"}, []string{code, ver}, MaskForm},
		{"encoded secret", "client_secret=" + url.QueryEscape(sec+"+/=&") + "&client_id=abc", []string{"client_id=abc"}, []string{sec}, MaskForm},
		{"encoded key", "refresh%5Ftoken=" + ref + "&scope=a+b", []string{"scope=a+b"}, []string{ref}, MaskForm},
		{"upper-case key", "Client_Assertion=" + asr, nil, []string{asr}, MaskForm},
		{"revocation", "token=" + ref + "&token_type_hint=refresh_token", []string{"token_type_hint=refresh_token"}, []string{ref}, MaskForm},
		{"callback query", "http://127.0.0.1:5/cb?code=" + code + "&state=st-1&iss=https%3A%2F%2Fas", []string{"state=st-1", "iss=https%3A%2F%2Fas", "http://127.0.0.1:5/cb?"}, []string{code}, MaskURL},
		{"fragment", "https://x/cb#access_token=" + tok + "&token_type=Bearer", []string{"token_type=Bearer"}, []string{tok}, MaskURL},
		{"userinfo", "https://me:" + sec + "@as.example/token?x=1", []string{"https://••••:••••", "@as.example/token?x=1"}, []string{sec}, MaskURL},
		{"unparsable", "%%zz://h/p?password=" + sec, nil, []string{sec}, MaskURL},
		{"no secret", "https://as.example/authorize?client_id=c&state=s", []string{"https://as.example/authorize?client_id=c&state=s"}, nil, MaskURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := tt.mask(tt.in)
			assertHidden(t, out, tt.secrets...)
			for _, k := range tt.keep {
				if !strings.Contains(out, k) {
					t.Errorf("%q lost %q", out, k)
				}
			}
		})
	}
}

func TestMaskJSON(t *testing.T) {
	t.Parallel()
	tok, ref, id, sec, reg := secret(t, "tok-"), secret(t, "ref-"), secret(t, "idt-"), secret(t, "sec-"), secret(t, "reg-")
	tests := []struct {
		name, in, want string
		secrets        []string
	}{
		{"token response keeps order and spacing",
			`{"token_type": "Bearer", "access_token":"` + tok + `",  "expires_in":3600, "refresh_token" : "` + ref + `"}`,
			`{"token_type": "Bearer", "access_token":"••••` + tok[len(tok)-4:] + `",  "expires_in":3600, "refresh_token" : "••••` + ref[len(ref)-4:] + `"}`, nil},
		{"nested and in arrays",
			`{"a":[{"id_token":"` + id + `"},{"x":{"client_secret":"` + sec + `"}}],"b":"code"}`,
			`{"a":[{"id_token":"••••` + id[len(id)-4:] + `"},{"x":{"client_secret":"••••` + sec[len(sec)-4:] + `"}}],"b":"code"}`, nil},
		{"non-string and object values",
			`{"password":12345678901234,"registration_access_token":{"v":"` + reg + `"},"ok":true}`,
			`{"password":"••••","registration_access_token":"••••","ok":true}`, nil},
		{"escaped secret", `{"access_token":"\u0074` + tok[1:] + `"}`, "", []string{tok}},
		{"invalid JSON falls back", `{"access_token": "` + tok + `", "x": `, "", []string{tok}},
		{"key named like a secret inside a value", `{"note":"access_token","code":"` + id + `"}`, `{"note":"access_token","code":"••••` + id[len(id)-4:] + `"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := MaskJSON([]byte(tt.in))
			if tt.want != "" && out != tt.want {
				t.Errorf("MaskJSON:\n got %s\nwant %s", out, tt.want)
			}
			assertHidden(t, out, append(tt.secrets, tok, ref, id, sec, reg)...)
		})
	}
}

func TestMaskHeader(t *testing.T) {
	t.Parallel()
	tok, sec, ck, proof := secret(t, "tok-"), secret(t, "sec-"), secret(t, "ck-"), secret(t, "dpop-")
	basic := base64.StdEncoding.EncodeToString([]byte("my-client:" + sec))
	tests := []struct {
		name, header, value, want string
	}{
		{"bearer", "Authorization", "Bearer " + tok, "Bearer ••••" + tok[len(tok)-4:]},
		{"basic shows the id only", "authorization", "Basic " + basic, "Basic my-client:••••" + sec[len(sec)-4:]},
		{"basic undecodable", "Authorization", "Basic " + sec + "!", "Basic ••••"},
		{"cookie", "Cookie", "a=" + ck + "; b=" + ck, "a=••••" + ck[len(ck)-4:] + "; b=••••" + ck[len(ck)-4:]},
		{"set-cookie keeps attributes", "Set-Cookie", "sid=" + ck + "; Path=/; HttpOnly", "sid=••••" + ck[len(ck)-4:] + "; Path=/; HttpOnly"},
		{"dpop", "DPoP", proof, "••••" + proof[len(proof)-4:]},
		{"custom api key", "X-Api-Key", sec, "••••" + sec[len(sec)-4:]},
		{"redirect location", "Location", "http://127.0.0.1:7/cb?code=" + sec + "&state=s", "http://127.0.0.1:7/cb?code=••••" + sec[len(sec)-4:] + "&state=s"},
		{"plain header untouched", "Content-Type", "application/json", "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := http.Header{tt.header: {tt.value}}
			got := secrets.MaskHeader(h)[tt.header][0]
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			assertHidden(t, got, tok, sec, ck, proof, basic)
			if h[tt.header][0] != tt.value {
				t.Errorf("MaskHeader changed its input")
			}
		})
	}
}

func TestMaskBodyCuts(t *testing.T) {
	t.Parallel()
	tok := secret(t, "tok-")
	big := `{"pad":"` + strings.Repeat("é", MaxBody) + `","access_token":"` + tok + `"}`
	tests := []struct {
		name, ctype, body string
		wantSuffix        string
	}{
		{"cut after masking", "application/json", big, "more bytes)"},
		{"form by type", "application/x-www-form-urlencoded; charset=utf-8", "code=" + tok, "code=••••" + tok[len(tok)-4:]},
		{"json sniffed", "text/plain", `{"code":"` + tok + `"}`, `"}`},
		{"html text", "text/html", "<p>access_token=" + tok + "</p>", "</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := MaskBody(tt.ctype, []byte(tt.body))
			assertHidden(t, out, tok)
			if !strings.HasSuffix(out, tt.wantSuffix) {
				t.Errorf("%q does not end with %q", out, tt.wantSuffix)
			}
			if len(out) > MaxBody+40 {
				t.Errorf("body of %d bytes not cut", len(out))
			}
		})
	}
}

func FuzzMaskJSON(f *testing.F) {
	for _, s := range []string{
		`{"access_token":"abcdefghijklmnop","a":[{"code":{"x":[1,2]}}],"b":null}`,
		`[{"client_secret":"x"}, "code", {"code": "y"}]`, `{"token": 1e5}`, `"code"`, `{"a":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out := MaskJSON(in)
		if !json.Valid(in) {
			return
		}
		if !json.Valid([]byte(out)) {
			t.Fatalf("MaskJSON(%s) = %s, not JSON", in, out)
		}
		var doc any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		if leak := unmasked(doc); leak != "" {
			t.Fatalf("MaskJSON(%s) = %s leaves %q unmasked", in, out, leak)
		}
	})
}

// unmasked returns the first value under a secret key that is not a mask.
func unmasked(v any) string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); secrets.Field(k) && (!ok || !strings.HasPrefix(s, "••••")) {
				return k
			}
			if leak := unmasked(x); leak != "" {
				return leak
			}
		}
	case []any:
		for _, x := range v {
			if leak := unmasked(x); leak != "" {
				return leak
			}
		}
	}
	return ""
}
