package client

import (
	"encoding/json"
	"errors"
)

// The list items are decoded leniently: a member of the wrong JSON type
// reads as absent in the parsed fields, and Raw keeps it as sent, so one
// odd resource among thousands does not hide the others. Only an item that
// is not an object is an error.

// errNotObject is what an item that is not a JSON object is refused with.
var errNotObject = errors.New("not a JSON object")

// objectMembers returns raw's members; an error when raw is not an object.
func objectMembers(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, errNotObject
	}
	return m, nil
}

// stringMember returns member key when it is a string, "" otherwise.
func stringMember(m map[string]json.RawMessage, key string) string {
	var s string
	_ = json.Unmarshal(m[key], &s)
	return s
}

func parseResource(raw json.RawMessage) (Resource, error) {
	m, err := objectMembers(raw)
	if err != nil {
		return Resource{}, err
	}
	r := Resource{URI: stringMember(m, "uri"), Name: stringMember(m, "name"), Title: stringMember(m, "title"),
		Description: stringMember(m, "description"), MIMEType: stringMember(m, "mimeType"), Raw: raw}
	var size int64
	if json.Unmarshal(m["size"], &size) == nil && m["size"] != nil && string(m["size"]) != "null" {
		r.Size = &size
	}
	return r, nil
}

func parseTemplate(raw json.RawMessage) (ResourceTemplate, error) {
	m, err := objectMembers(raw)
	if err != nil {
		return ResourceTemplate{}, err
	}
	return ResourceTemplate{URITemplate: stringMember(m, "uriTemplate"), Name: stringMember(m, "name"),
		Title: stringMember(m, "title"), Description: stringMember(m, "description"),
		MIMEType: stringMember(m, "mimeType"), Raw: raw}, nil
}

func parsePrompt(raw json.RawMessage) (Prompt, error) {
	m, err := objectMembers(raw)
	if err != nil {
		return Prompt{}, err
	}
	p := Prompt{Name: stringMember(m, "name"), Title: stringMember(m, "title"),
		Description: stringMember(m, "description"), Raw: raw}
	var args []json.RawMessage
	_ = json.Unmarshal(m["arguments"], &args)
	for _, a := range args {
		am, err := objectMembers(a)
		if err != nil {
			continue
		}
		var required bool
		_ = json.Unmarshal(am["required"], &required)
		p.Arguments = append(p.Arguments, PromptArgument{Name: stringMember(am, "name"), Title: stringMember(am, "title"),
			Description: stringMember(am, "description"), Required: required})
	}
	return p, nil
}
