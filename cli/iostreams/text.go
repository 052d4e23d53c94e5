package iostreams

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/toolbench/toolbench/internal/termsafe"
)

// TextFor returns the function that makes server text fit for st.Out: on a
// terminal, controls are escaped; into a pipe, text passes unchanged.
func TextFor(st *Streams) func(string) string {
	if st.OutTTY {
		return termsafe.Line
	}
	return func(s string) string { return s }
}

// WriteJSON prints v as indented JSON. encoding/json leaves DEL, C1 and
// bidirectional controls from the server raw; they are written as \u
// escapes, which mean the same to any decoder and nothing to a terminal.
func WriteJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	if _, err := w.Write(termsafe.JSON(b.Bytes())); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// Cut shortens s to about n bytes on a rune boundary, marking the cut.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
