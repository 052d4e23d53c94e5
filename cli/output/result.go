package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// PrintResult writes a call result for a person: each content block made
// readable, structuredContent, then the outputSchema verdict.
func PrintResult(st *iostreams.Streams, r *client.CallResult, v check.OutputVerdict) {
	printResult(st, r, v, nil)
}

// printResult writes the result, the outputSchema verdict, its notes and
// the host notes (WriteHostNotes), then the duration.
func printResult(st *iostreams.Streams, r *client.CallResult, v check.OutputVerdict, notes []host.Finding) {
	esc := EscaperFor(st)
	text := esc.Text
	w := st.Out
	if r.IsError {
		fmt.Fprintln(w, "✗ the tool reported an error (isError: true)")
	}
	if len(r.Content) == 0 {
		fmt.Fprintln(w, "(no content blocks)")
	}
	for i, c := range r.Content {
		fmt.Fprintf(w, "── content[%d] %s ──\n", i, text(c.Type))
		WriteBlock(w, c, esc)
		if a, ok := c.Annotations(); ok && a.String() != "" {
			fmt.Fprintln(w, text(a.String()))
		}
	}
	if r.StructuredContent != nil {
		fmt.Fprintln(w, "── structuredContent ──")
		fmt.Fprintln(w, esc.JSON(PrettyJSON(r.StructuredContent)))
	}
	writeVerdict(w, v, text)
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note: %s\n", text(n))
	}
	WriteHostNotes(w, notes, text)
	fmt.Fprintf(w, "(%d ms)\n", r.Duration.Milliseconds())
}

// WriteBlock writes one content block for a person: JSON text pretty,
// binary as its type and size, a resource link or embedded resource as
// its fields, anything else as its JSON.
func WriteBlock(w io.Writer, c client.Content, esc Escaper) {
	text := esc.Text
	switch c.Type {
	case "text":
		if pretty, ok := asJSON(c.Text); ok {
			fmt.Fprintln(w, esc.JSON(pretty))
			return
		}
		writeText(w, strings.TrimRight(c.Text, "\n"), esc)
	case "image", "audio":
		desc := fmt.Sprintf("%s, %s", iostreams.OrDash(c.MIMEType), iostreams.HumanBytes(client.DecodedSize(c.Data)))
		if wd, ht, ok := c.ImageDimensions(); ok {
			desc += fmt.Sprintf(", %d×%d px", wd, ht)
		}
		fmt.Fprintln(w, text(desc))
	case "resource_link":
		fmt.Fprintln(w, text(c.URI))
		for _, kv := range [][2]string{{"name", c.Name}, {"title", c.Title}, {"mimeType", c.MIMEType}, {"description", c.Description}} {
			if kv[1] != "" {
				fmt.Fprintf(w, "  %s: %s\n", kv[0], text(kv[1]))
			}
		}
	case "resource":
		writeEmbedded(w, c.Resource, text)
	default:
		fmt.Fprintln(w, esc.JSON(PrettyJSON(c.Raw)))
	}
}

func writeEmbedded(w io.Writer, r *client.ResourceContents, text func(string) string) {
	if r == nil {
		fmt.Fprintln(w, "(embedded resource without contents)")
		return
	}
	fmt.Fprintf(w, "%s (%s)\n", text(r.URI), text(iostreams.OrDash(r.MIMEType)))
	switch {
	case r.Text != "":
		fmt.Fprintln(w, text(strings.TrimRight(r.Text, "\n")))
	case r.Blob != "":
		fmt.Fprintf(w, "binary, %s\n", iostreams.HumanBytes(client.DecodedSize(r.Blob)))
	}
}

// writeVerdict prints the outputSchema verdict; text escapes what came from
// the server, which includes the paths and messages: they quote its
// property names and enum values.
func writeVerdict(w io.Writer, v check.OutputVerdict, text func(string) string) {
	switch {
	case !v.Checked:
		fmt.Fprintf(w, "── outputSchema: not checked: %s\n", text(v.Skipped))
	case v.Valid:
		fmt.Fprintln(w, "✓ structuredContent matches the outputSchema")
	default:
		fmt.Fprintf(w, "✗ structuredContent does not match the outputSchema (%s):\n", plural.Count(len(v.Errors), "violation"))
		for _, e := range v.Errors {
			fmt.Fprintf(w, "  %s: %s", text(DisplayPath(e.InstancePath)), text(e.Message))
			if e.SchemaPath != "" {
				fmt.Fprintf(w, "  [schema %s]", text(e.SchemaPath))
			}
			fmt.Fprintln(w)
		}
	}
}

// asJSON pretty-prints text that is a JSON object or array.
func asJSON(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if t == "" || (t[0] != '{' && t[0] != '[') || !json.Valid([]byte(t)) {
		return "", false
	}
	return PrettyJSON([]byte(t)), true
}

// textPiece is how much of a text block writeText escapes and writes at a
// time.
const textPiece = 64 << 10

// writeText writes s and a newline to w, escaped when esc says, a piece at
// a time: a 100 MB text block is not copied whole again (fmt would buffer
// it, the Escaper would build a second one). Pieces end at a newline when
// one is near, else at a character boundary; an escape sequence cut in two
// is shown escaped in its first piece, so nothing gets through.
func writeText(w io.Writer, s string, esc Escaper) {
	for len(s) > 0 {
		n := len(s)
		if n > textPiece {
			n = textPiece
			if i := strings.LastIndexByte(s[:n], '\n'); i >= 0 {
				n = i + 1
			} else {
				for n > 1 && !utf8.RuneStart(s[n]) {
					n--
				}
			}
		}
		if _, err := io.WriteString(w, esc.Text(s[:n])); err != nil {
			// The reader has gone (a closed pipe); the rest would fail too.
			return
		}
		s = s[n:]
	}
	_, _ = io.WriteString(w, "\n")
}

// PrettyJSON indents raw JSON two spaces a level; text that is not JSON
// is returned as it is.
func PrettyJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return string(raw)
	}
	return b.String()
}

// Escaper makes the server's text safe for stdout when it is a terminal and
// leaves it exact when it is a pipe.
type Escaper struct{ tty bool }

// EscaperFor is the Escaper for st's stdout.
func EscaperFor(st *iostreams.Streams) Escaper { return Escaper{tty: st.OutTTY} }

// Text escapes plain text, keeping its newlines.
func (e Escaper) Text(s string) string {
	if e.tty {
		return termsafe.Text(s)
	}
	return s
}

// JSON escapes JSON text so that it stays JSON a person can copy.
func (e Escaper) JSON(s string) string {
	if e.tty {
		return SafeJSON(s)
	}
	return s
}

// SafeJSON is JSON text that a terminal shows inert and a decoder reads as
// before (see termsafe.JSON).
func SafeJSON(s string) string { return string(termsafe.JSON([]byte(s))) }

// DisplayPath is a JSON pointer as a person reads it: the empty pointer,
// the whole document, is "(root)".
func DisplayPath(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}
