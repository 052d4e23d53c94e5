package step

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/target/secrets"
)

// MaxBody is how much of a masked body an Exchange keeps.
const MaxBody = 4 << 10

// MaskJSON masks the values of secret fields at any depth of a JSON
// document. It copies the document byte for byte, so order, spacing and
// every other value stay as sent, and replaces only each secret value:
// a string becomes the JSON string of step.Mask of its decoded text, any
// other value (a number, an object) becomes "••••". A body that is not
// valid JSON is masked by MaskText instead.
func MaskJSON(body []byte) string {
	spans, err := secretSpans(body)
	if err != nil {
		return MaskText(string(body))
	}
	var b strings.Builder
	last := 0
	for _, s := range spans {
		b.Write(body[last:s.start])
		b.WriteString(s.masked)
		last = s.end
	}
	b.Write(body[last:])
	return b.String()
}

// span is a secret value's place in a document and what replaces it.
type span struct {
	start, end int
	masked     string
}

// secretSpans walks the document's tokens and returns the byte ranges of
// the values under secret keys, in order. json.Decoder gives each token's
// end offset; its start is found by skipping the separators before it.
func secretSpans(body []byte) ([]span, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var spans []span
	// stack holds the open containers; wantKey says an object's next
	// token is a key.
	type frame struct{ object, wantKey bool }
	var stack []frame
	secretNext := false
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) != 0 {
				return nil, io.ErrUnexpectedEOF
			}
			return spans, nil
		}
		if err != nil {
			return nil, err
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		top := len(stack) - 1
		if top >= 0 && stack[top].object {
			if stack[top].wantKey {
				key, _ := tok.(string)
				secretNext = secrets.Field(key)
				stack[top].wantKey = false
				continue
			}
			stack[top].wantKey = true
		}
		if secretNext {
			secretNext = false
			s, err := secretValue(dec, body, before, tok)
			if err != nil {
				return nil, err
			}
			spans = append(spans, s)
			continue
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, frame{object: d == '{', wantKey: d == '{'})
		}
	}
}

// secretValue finishes reading the value tok starts (skipping a whole
// object or array) and returns its span and replacement.
func secretValue(dec *json.Decoder, body []byte, before int, tok json.Token) (span, error) {
	start := before
	for start < len(body) && strings.IndexByte(" \t\r\n:,", body[start]) >= 0 {
		start++
	}
	masked := `"••••"`
	if s, ok := tok.(string); ok {
		q, err := json.Marshal(Mask(s))
		if err != nil {
			return span{}, fmt.Errorf("mask a JSON string: %w", err)
		}
		masked = string(q)
	}
	if _, ok := tok.(json.Delim); ok {
		for depth := 1; depth > 0; {
			t, err := dec.Token()
			if err != nil {
				return span{}, err
			}
			if d, ok := t.(json.Delim); ok {
				if d == '{' || d == '[' {
					depth++
				} else {
					depth--
				}
			}
		}
	}
	return span{start: start, end: int(dec.InputOffset()), masked: masked}, nil
}

// MaskBody masks a request or response body by its Content-Type (JSON,
// a form, or free text by MaskText) and cuts it to MaxBody bytes with a
// "… (N more bytes)" marker. Masking comes first, so a cut never leaves
// the start of a secret that masking would have hidden.
func MaskBody(contentType string, body []byte) string {
	if len(body) == 0 {
		return ""
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	var masked string
	switch {
	case mt == "application/x-www-form-urlencoded":
		masked = MaskForm(string(body))
	case mt == "application/json" || strings.HasSuffix(mt, "+json") || json.Valid(body):
		masked = MaskJSON(body)
	default:
		masked = MaskText(string(body))
	}
	return Cut(masked, MaxBody)
}

// Cut shortens s to at most n bytes, on a character boundary, and says
// how many bytes it left out.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	end := n
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return fmt.Sprintf("%s… (%d more bytes)", s[:end], len(s)-end)
}
