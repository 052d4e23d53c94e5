package render

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// Block is one content block as the renderers draw it. Which fields are
// set depends on Type: text (Text); image and audio (Data, base64, with
// MIMEType); resource_link (URI, Name, Title, Description, MIMEType);
// resource (Resource). Every string is the server's, not yet escaped.
type Block struct {
	Type, Text, MIMEType, Data    string
	URI, Name, Title, Description string
	// Resource is an embedded resource's contents, nil when it sent none.
	Resource *EmbeddedResource
	// Annotations are the block's annotations on one line in the
	// specification's words ("audience: user · priority: 0.8"), "" for
	// none.
	Annotations string
	// Raw is the block exactly as sent: a type this version does not know
	// is shown as it.
	Raw json.RawMessage
}

// EmbeddedResource is the resource inside an embedded resource block:
// its text, or its blob in base64.
type EmbeddedResource struct {
	URI, MIMEType, Text, Blob string
}

// resultBlock renders the body of one content block of a tool result,
// drawing images. Only results are rendered in a command (see Result);
// the other views of content blocks, such as a sampling request's, are
// drawn as the UI goroutine handles a message, where decoding an image of
// many megapixels would stall input, so they keep its description line.
func resultBlock(st *theme.Styles, c Block, width int) []string {
	if c.Type == "image" {
		return imageBlock(st, c, width)
	}
	return block(st, c, width)
}

// block renders the body of one content block.
func block(st *theme.Styles, c Block, width int) []string {
	switch c.Type {
	case "text":
		return textBlock(st, c.Text, width)
	case "image", "audio":
		return Wrap(media(c), width)
	case "resource_link":
		return linkBlock(st, c, width)
	case "resource":
		return resourceBlock(st, c.Resource, width)
	}
	// A type this version does not know: show exactly what was sent.
	if len(c.Raw) == 0 {
		return muted(st, "(empty)", width)
	}
	return JSON(st, c.Raw, width)
}

// annotationLines is a block's annotations, when it has any, in the
// words call's output uses too.
func annotationLines(st *theme.Styles, c Block, width int) []string {
	if c.Annotations == "" {
		return nil
	}
	return muted(st, termsafe.Line(c.Annotations), width)
}

// textBlock wraps text, or highlights it when it is a JSON object or array
// (servers often return JSON as text next to, or instead of,
// structuredContent).
func textBlock(st *theme.Styles, text string, width int) []string {
	if t := strings.TrimSpace(text); t != "" && (t[0] == '{' || t[0] == '[') {
		if lines, ok := highlight(st, t, width); ok {
			return lines
		}
	}
	if text == "" {
		return muted(st, "(empty text)", width)
	}
	return Wrap(termsafe.Text(strings.TrimRight(text, "\n")), width)
}

// media describes an image or audio block: "image/png · 3.9 KB · 20×20 px".
// The size is counted from the base64 without decoding it.
func media(c Block) string {
	parts := []string{termsafe.Line(orDash(c.MIMEType)), humanBytes(decodedSize(c.Data))}
	if c.Type == "image" && c.Data != "" {
		// The header sits at the start: its first kilobytes give the size.
		head := base64.NewDecoder(base64.StdEncoding, strings.NewReader(c.Data[:min(len(c.Data), 64<<10)]))
		if cfg, _, err := image.DecodeConfig(head); err == nil {
			parts = append(parts, fmt.Sprintf("%d×%d px", cfg.Width, cfg.Height))
		}
	}
	return strings.Join(parts, " · ")
}

// decodedSize is the byte length of base64 data, padded or not, counted
// without decoding it.
func decodedSize(b64 string) int {
	return len(b64)*3/4 - (len(b64) - len(strings.TrimRight(b64, "=")))
}

// linkBlock is a resource_link: its URI, then whichever fields were sent.
func linkBlock(st *theme.Styles, c Block, width int) []string {
	lines := paint(newSpan(st.Accent), Wrap(termsafe.Line(c.URI), width))
	for _, f := range [][2]string{{"name", c.Name}, {"title", c.Title}, {"mimeType", c.MIMEType}, {"description", c.Description}} {
		if f[1] == "" {
			continue
		}
		// Continuation rows line up under the value.
		lead := "  " + st.Muted.Render(f[0]+":") + " "
		lines = append(lines, hang(lead, len(f[0])+4, termsafe.Text(f[1]), width)...)
	}
	return lines
}

// resourceBlock is an embedded resource: "URI (mimeType)", then its text or
// the size of its blob.
func resourceBlock(st *theme.Styles, r *EmbeddedResource, width int) []string {
	if r == nil {
		return muted(st, "(embedded resource without contents)", width)
	}
	head := termsafe.Line(r.URI) + " (" + termsafe.Line(orDash(r.MIMEType)) + ")"
	lines := paint(newSpan(st.Accent), Wrap(head, width))
	switch {
	case r.Text != "":
		return append(lines, Wrap(termsafe.Text(strings.TrimRight(r.Text, "\n")), width)...)
	case r.Blob != "":
		return append(lines, muted(st, "binary, "+humanBytes(decodedSize(r.Blob)), width)...)
	}
	return append(lines, muted(st, "(no text and no blob)", width)...)
}

// hang wraps text with lead before its first row and indent spaces before
// the rest: the shape of a labelled field or a list item. When the width
// leaves too little room beside the lead, the lead gets a row of its own.
func hang(lead string, indent int, text string, width int) []string {
	room := 0
	if width > 0 {
		room = width - max(ansi.StringWidth(lead), indent)
		if room < 8 {
			return append([]string{ansi.Truncate(lead, width, "…")}, Wrap(text, width)...)
		}
	}
	rows := Wrap(text, room)
	pad := strings.Repeat(" ", indent)
	for i := range rows {
		if i == 0 {
			rows[i] = lead + rows[i]
		} else {
			rows[i] = pad + rows[i]
		}
	}
	return rows
}

// muted is a note of toolbench's own, wrapped and muted.
func muted(st *theme.Styles, text string, width int) []string {
	return paint(newSpan(st.Muted), Wrap(text, width))
}

// paint styles every row, in place.
func paint(sp span, rows []string) []string {
	if sp.inline && sp.open == "" && sp.close == "" {
		return rows
	}
	for i, r := range rows {
		rows[i] = sp.render(r)
	}
	return rows
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
