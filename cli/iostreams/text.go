package iostreams

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/toolbench/toolbench/internal/plural"
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

// OrDash is s, or "-" for a field the server left empty, so that a table's
// columns stay aligned and an absent value reads as absent.
func OrDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// HumanBytes is a size in bytes, KB or MB, one decimal past bytes.
func HumanBytes(n int) string {
	switch {
	case n < 1024:
		return plural.Count(n, "byte")
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
}

// Stamp is a server's time in UTC as RFC 3339, "-" when it gave none.
func Stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
