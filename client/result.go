package client

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif"  // register GIF for ImageDimensions
	_ "image/jpeg" // register JPEG for ImageDimensions
	_ "image/png"  // register PNG for ImageDimensions
	"strings"
	"time"
)

// CallResult is a tools/call result: the server's bytes plus a decoded view.
type CallResult struct {
	// Raw is the result object exactly as sent.
	Raw     json.RawMessage
	Content []Content
	// StructuredContent is nil when the result has none.
	StructuredContent json.RawMessage
	IsError           bool
	// Duration is how long the call took, request to reply.
	Duration time.Duration
	// Task is the task's last state when the call ran as a task, nil
	// otherwise.
	Task *Task
}

// Content is one content block. Which fields are set depends on Type: text;
// image and audio (Data, base64, with MIMEType); resource_link (URI, Name,
// Title, Description, MIMEType); resource (Resource).
type Content struct {
	Type        string
	Text        string
	MIMEType    string
	Data        string
	URI         string
	Name        string
	Title       string
	Description string
	Resource    *ResourceContents
	// Raw is the block exactly as sent.
	Raw json.RawMessage
}

// ResourceContents is the resource inside an embedded resource block.
type ResourceContents struct {
	URI      string `json:"uri"`
	MIMEType string `json:"mimeType"`
	Text     string `json:"text"`
	Blob     string `json:"blob"`
}

// ParseCallResult decodes a tools/call result, keeping the raw bytes.
func ParseCallResult(raw json.RawMessage) (*CallResult, error) {
	var w struct {
		Content           []json.RawMessage `json:"content"`
		StructuredContent json.RawMessage   `json:"structuredContent"`
		IsError           bool              `json:"isError"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return nil, fmt.Errorf("the result is not a tools/call result: %w", err)
	}
	r := &CallResult{Raw: raw, StructuredContent: nullToNil(w.StructuredContent), IsError: w.IsError}
	r.Content = make([]Content, 0, len(w.Content))
	for i, b := range w.Content {
		c, err := parseContent(b)
		if err != nil {
			return nil, fmt.Errorf("content block %d: %w", i, err)
		}
		r.Content = append(r.Content, c)
	}
	return r, nil
}

func parseContent(raw json.RawMessage) (Content, error) {
	var w struct {
		Type        string            `json:"type"`
		Text        string            `json:"text"`
		MIMEType    string            `json:"mimeType"`
		Data        string            `json:"data"`
		URI         string            `json:"uri"`
		Name        string            `json:"name"`
		Title       string            `json:"title"`
		Description string            `json:"description"`
		Resource    *ResourceContents `json:"resource"`
	}
	if err := json.Unmarshal(raw, &w); err != nil {
		return Content{}, fmt.Errorf("decode: %w", err)
	}
	return Content{Type: w.Type, Text: w.Text, MIMEType: w.MIMEType, Data: w.Data, URI: w.URI,
		Name: w.Name, Title: w.Title, Description: w.Description, Resource: w.Resource, Raw: raw}, nil
}

// Texts returns the text of the result's text blocks.
func (r *CallResult) Texts() []string {
	var out []string
	for _, c := range r.Content {
		if c.Type == "text" {
			out = append(out, c.Text)
		}
	}
	return out
}

// DecodedSize is the byte length of base64 data, padded or not, counted
// without decoding it.
func DecodedSize(b64 string) int {
	n := len(b64) * 3 / 4
	for i := len(b64) - 1; i >= 0 && b64[i] == '='; i-- {
		n--
	}
	return n
}

// ImageDimensions decodes just enough of an image block's data to report its
// width and height; ok is false for formats Go cannot read (PNG, JPEG and GIF
// are understood) or corrupt data.
func (c Content) ImageDimensions() (width, height int, ok bool) {
	if c.Type != "image" || c.Data == "" {
		return 0, 0, false
	}
	// Headers sit at the start; decoding the first few kilobytes suffices.
	head := c.Data
	if len(head) > 64<<10 {
		head = head[:64<<10]
	}
	dec := base64.NewDecoder(base64.StdEncoding, strings.NewReader(head))
	cfg, _, err := image.DecodeConfig(dec)
	if err != nil {
		return 0, 0, false
	}
	return cfg.Width, cfg.Height, true
}
