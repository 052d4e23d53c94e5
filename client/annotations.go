package client

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// ContentAnnotations are a content block's annotations: who it is for,
// how much it matters, when it last changed.
type ContentAnnotations struct {
	Audience     []string `json:"audience"`
	Priority     *float64 `json:"priority"`
	LastModified string   `json:"lastModified"`
}

// Annotations reads the block's annotations as sent; ok is false when it
// has none. Most blocks have none, and a search for the key spares
// decoding a large block for nothing.
func (c Content) Annotations() (a ContentAnnotations, ok bool) {
	if !bytes.Contains(c.Raw, []byte(`"annotations"`)) {
		return a, false
	}
	var w struct {
		Annotations *ContentAnnotations `json:"annotations"`
	}
	if json.Unmarshal(c.Raw, &w) != nil || w.Annotations == nil {
		return a, false
	}
	return *w.Annotations, true
}

// String is the annotations in the specification's words on one line
// ("audience: user · priority: 0.8"), "" when none is set: the same in
// the workbench and in call's output. The text is the server's, not yet
// made safe for a terminal.
func (a ContentAnnotations) String() string {
	var parts []string
	if len(a.Audience) > 0 {
		parts = append(parts, "audience: "+strings.Join(a.Audience, ", "))
	}
	if a.Priority != nil {
		parts = append(parts, "priority: "+strconv.FormatFloat(*a.Priority, 'g', -1, 64))
	}
	if a.LastModified != "" {
		parts = append(parts, "lastModified: "+a.LastModified)
	}
	return strings.Join(parts, " · ")
}
