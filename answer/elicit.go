package answer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/internal/weburl"
	"github.com/toolbench/toolbench/schemaform"
)

// The elicitation policies by name; any other value names a file.
const (
	AcceptDefaults = "accept-defaults"
	Decline        = "decline"
	Cancel         = "cancel"
)

// Elicit is how elicitation/create is answered without a person.
type Elicit struct {
	// source is the policy as given: a name, or the path of the file.
	source string
	// content is the file's object, sent with action accept; nil for the
	// named policies.
	content json.RawMessage
}

// ParseElicit reads an --elicit value: accept-defaults, decline, cancel, or
// the path of a file holding the JSON object to send as the content of an
// accepted form. The file is read here, once; a file that is not a JSON
// object is a *FileError naming it and, for bad JSON, the offset.
func ParseElicit(s string) (Elicit, error) {
	switch s {
	case AcceptDefaults, Decline, Cancel:
		return Elicit{source: s}, nil
	case "":
		return Elicit{}, errors.New("empty policy (want accept-defaults, decline, cancel or a FILE.json)")
	}
	if _, err := os.Stat(s); err != nil {
		return Elicit{}, fmt.Errorf("%q is not a policy (accept-defaults, decline, cancel) and not a file: %s", s, readProblem(err))
	}
	_, data, err := readObject(s)
	if err != nil {
		return Elicit{}, err
	}
	return Elicit{source: s, content: data}, nil
}

// String returns the policy as it was given.
func (e Elicit) String() string { return e.source }

// answer answers one elicitation/create. A URL-mode request is accepted by
// accept-defaults and by a file (a URL-mode accept carries no content), and
// its URL is told on notice, made safe for a terminal: the person running
// the command is the one who must open it.
func (e Elicit) answer(a client.Ask, notice io.Writer) (client.ElicitResult, error) {
	p, err := a.Elicitation()
	if err != nil {
		return client.ElicitResult{}, err
	}
	switch e.source {
	case Decline, Cancel:
		return client.ElicitResult{Action: e.source}, nil
	}
	if p.Mode == "url" {
		if !e.AcceptURL(p.URL, p.Message, notice) {
			return client.ElicitResult{Action: "decline"}, nil
		}
		return client.ElicitResult{Action: "accept"}, nil
	}
	if e.content != nil {
		warnBreaks(notice, e.source, p.RequestedSchema, e.content)
		return client.ElicitResult{Action: "accept", Content: e.content}, nil
	}
	content, err := DefaultContent(p.RequestedSchema)
	if err != nil {
		return client.ElicitResult{}, err
	}
	return client.ElicitResult{Action: "accept", Content: content}, nil
}

// AcceptURL answers a URL-mode elicitation (a request, or one a -32042
// error carries) and tells notice what the person must do. Decline and
// cancel accept nothing; the others accept a web page (http or https),
// naming the host it really leads to, and decline anything else
// (javascript:, file:, data:, a URL without a host), saying why: the
// workbench opens no other URL either (see weburl).
func (e Elicit) AcceptURL(rawURL, message string, notice io.Writer) bool {
	if e.source == Decline || e.source == Cancel {
		return false
	}
	if notice == nil {
		notice = io.Discard
	}
	target, err := weburl.Check(rawURL)
	if err != nil {
		fmt.Fprintf(notice, "toolbench: declined the server's request to open %s (%s): %v\n", termsafe.Line(rawURL), termsafe.Line(message), err)
		return false
	}
	fmt.Fprintf(notice, "toolbench: the server asks you to open %s (%s)\n", termsafe.Line(rawURL), termsafe.Line(message))
	where := "toolbench:   it leads to " + termsafe.Line(target.Host)
	if target.Unicode != "" {
		where += " (written " + termsafe.Line(target.Unicode) + ": not all of it is ASCII)"
	}
	if target.Userinfo != "" {
		where += `; "` + termsafe.Line(target.Userinfo) + `@" before it is not the host`
	}
	fmt.Fprintln(notice, where)
	return true
}

// DefaultContent is what a person who accepts a form without typing sends:
// every field that has a default gets it (SEP-1034), and every required
// field without one gets a minimal valid value. Fields follow the schema's
// order.
func DefaultContent(requestedSchema json.RawMessage) (json.RawMessage, error) {
	if len(requestedSchema) == 0 {
		return nil, errors.New("requestedSchema: missing; a form-mode elicitation must carry one")
	}
	form, err := schemaform.Compile(requestedSchema)
	if err != nil {
		return nil, fmt.Errorf("requestedSchema: %w", err)
	}
	shape := form.Shape()
	if shape.Kind != schemaform.KindObject {
		return nil, errors.New("requestedSchema: not an object schema")
	}
	minimal, err := jsondoc.Parse(form.Example(schemaform.Minimal))
	if err != nil || !minimal.IsObject() {
		return nil, fmt.Errorf("requestedSchema: no example object can be made from it")
	}
	out := jsondoc.NewObject()
	for _, prop := range shape.Object.Properties {
		if v := minimal.Get(prop.Name); v != nil {
			out.Set(prop.Name, v)
			continue
		}
		if prop.Shape.Default == nil {
			continue
		}
		if v, err := jsondoc.Parse(prop.Shape.Default); err == nil {
			out.Set(prop.Name, v)
		}
	}
	return out.Marshal(), nil
}

// warnBreaks tells notice when a file's content breaks the requestedSchema.
// It is sent anyway: sending what a form would refuse is part of QA.
func warnBreaks(notice io.Writer, source string, requestedSchema, content json.RawMessage) {
	if notice == nil || len(requestedSchema) == 0 {
		return
	}
	v, err := schemaform.NewValidator(requestedSchema)
	if err != nil {
		return
	}
	violations, err := v.Validate(content)
	if err != nil || len(violations) == 0 {
		return
	}
	fmt.Fprintf(notice, "toolbench: warning: the content of %s breaks the requestedSchema; sending it anyway:\n", source)
	for _, vi := range violations {
		at := vi.InstancePath
		if at == "" {
			at = "(root)"
		}
		fmt.Fprintf(notice, "  %s: %s\n", at, termsafe.Line(vi.Message))
	}
}
