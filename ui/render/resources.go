package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// ResourceRow is one row of the resources screen's list: a resource, or
// a template (URI is then the template).
type ResourceRow struct {
	Name, URI, MIMEType string
	// Size is the size the server declared, nil when it said none.
	Size     *int64
	Template bool
	// Note is toolbench's own: "subscribed", "updated 12:03:04".
	Note string
}

// ResourceLine draws a row: the cursor's mark, a mark for templates,
// the name, the URI muted, then the MIME type, the size and the note when
// they fit.
func ResourceLine(st *theme.Styles, r ResourceRow, width int, selected bool) string {
	name := termsafe.Line(orDash(r.Name))
	if r.Template {
		name = "⧉ " + name
	}
	var tail []string
	if r.MIMEType != "" {
		tail = append(tail, termsafe.Line(r.MIMEType))
	}
	if r.Size != nil {
		tail = append(tail, humanBytes(int(*r.Size)))
	}
	if r.Template {
		tail = append(tail, "template")
	}
	if r.Note != "" {
		tail = append(tail, r.Note)
	}
	end := strings.Join(tail, " · ")
	uri := termsafe.Line(r.URI)
	room := max(1, width-ansi.StringWidth(end)-2)
	if selected {
		return st.Selected.Render(Pad(Pad(truncate("› "+name+"  "+uri, room), room)+"  "+end, width))
	}
	row := "  " + name
	if w := ansi.StringWidth(row); w+2 < room {
		row += "  " + st.Muted.Render(truncate(uri, room-w-2))
	} else {
		row = truncate(row, room)
	}
	return Clip(Pad(row, room)+"  "+st.Muted.Render(end), width)
}

// ReadView is a resources/read result as the resources screen shows it.
type ReadView struct {
	Contents []ContentsView
	// Took is how long the read took.
	Took time.Duration
}

// ContentsView is one entry of a read.
type ContentsView struct {
	URI, MIMEType string
	// Text is the entry's text, or its blob decoded when the blob is
	// text (FromBlob); Blob is set for a blob shown by its size only,
	// BlobSize bytes decoded.
	Text     string
	FromBlob bool
	Blob     bool
	BlobSize int
}

// ReadLines renders a read as rows no wider than width: each entry under
// "contents[i] URI", its text shown like a tool's text content (JSON
// highlighted), a binary blob by its MIME type and size only, never its
// bytes. Like Result, it renders everything, so run it off the UI
// goroutine for a large read. A nil read is "(no result)".
func ReadLines(st *theme.Styles, r *ReadView, width int) []string {
	if r == nil {
		return muted(st, "(no result)", width)
	}
	var lines []string
	if len(r.Contents) == 0 {
		lines = append(lines, muted(st, "(no contents)", width)...)
	}
	for i, c := range r.Contents {
		title := fmt.Sprintf("contents[%d] %s", i, termsafe.Line(c.URI))
		lines = append(lines, heading(title, width, st.Heading, st.Border))
		lines = append(lines, contentsLines(st, c, width)...)
	}
	return append(lines, muted(st, took(r.Took), width)...)
}

// contentsLines is one entry of a read: its MIME type, then its text or
// its blob's size.
func contentsLines(st *theme.Styles, c ContentsView, width int) []string {
	mime := termsafe.Line(orDash(c.MIMEType))
	switch {
	case c.Blob:
		return muted(st, "binary · "+mime+" · "+humanBytes(c.BlobSize), width)
	case c.FromBlob:
		lines := muted(st, "text (sent as a base64 blob) · "+mime+" · "+humanBytes(len(c.Text)), width)
		return append(lines, textBlock(st, c.Text, width)...)
	case c.Text == "":
		return muted(st, "text · "+mime+" · (empty)", width)
	}
	lines := muted(st, "text · "+mime+" · "+humanBytes(len(c.Text)), width)
	return append(lines, textBlock(st, c.Text, width)...)
}

// PromptView is a prompts/get result as PromptLines draws it.
type PromptView struct {
	Description string
	Messages    []PromptMessage
}

// PromptMessage is one message of a prompt: a role and one content block.
type PromptMessage struct {
	Role    string
	Content Block
}

// PromptLines renders a prompts/get result as a conversation: the
// description, then each message under its role, its content drawn as in
// a tool result (images and audio by MIME type and size, resource links
// and embedded resources by URI).
func PromptLines(st *theme.Styles, r *PromptView, width int) []string {
	if r == nil {
		return muted(st, "(no result)", width)
	}
	var lines []string
	if r.Description != "" {
		lines = append(lines, Wrap(termsafe.Text(r.Description), width)...)
	}
	if len(r.Messages) == 0 {
		lines = append(lines, muted(st, "(no messages)", width)...)
	}
	for i, msg := range r.Messages {
		title := fmt.Sprintf("%s · %s", termsafe.Line(orDash(msg.Role)), termsafe.Line(msg.Content.Type))
		lines = append(lines, heading(fmt.Sprintf("[%d] %s", i, title), width, st.Heading, st.Border))
		lines = append(lines, block(st, msg.Content, width)...)
	}
	return lines
}

// HumanBytes is a byte count as a person reads it: "3.9 KB".
func HumanBytes(n int) string { return humanBytes(n) }
