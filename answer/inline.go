package answer

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// inlineSource is what an inline policy calls itself in messages, where a
// file policy gives its path.
const inlineSource = "(inline)"

// ElicitPolicy reads a per-test elicit answer: a JSON string naming a
// policy (accept-defaults, decline, cancel), or an object, the content to
// accept every form with. A file name is not accepted here: a collection
// holds its answers in itself.
func ElicitPolicy(raw json.RawMessage) (Elicit, error) {
	v, err := inlineValue(raw)
	if err != nil {
		return Elicit{}, err
	}
	switch {
	case v.IsString():
		switch name := v.Text(); name {
		case AcceptDefaults, Decline, Cancel:
			return Elicit{source: name}, nil
		default:
			return Elicit{}, fmt.Errorf("%q is not a policy (want accept-defaults, decline, cancel or the content object)", name)
		}
	case v.IsObject():
		return Elicit{source: inlineSource, content: v.Raw()}, nil
	}
	return Elicit{}, fmt.Errorf("%s is not a policy (want accept-defaults, decline, cancel or the content object)", kindName(v))
}

// SamplePolicy reads a per-test sample answer: the JSON string "reject",
// or a CreateMessageResult object, checked as ParseSample checks a file.
func SamplePolicy(raw json.RawMessage) (Sample, error) {
	v, err := inlineValue(raw)
	if err != nil {
		return Sample{}, err
	}
	switch {
	case v.IsString() && v.Text() == Reject:
		return Sample{source: Reject}, nil
	case v.IsString():
		return Sample{}, fmt.Errorf("%q is not a policy (want reject or a CreateMessageResult object)", v.Text())
	case !v.IsObject():
		return Sample{}, fmt.Errorf("%s is not a policy (want reject or a CreateMessageResult object)", kindName(v))
	}
	if missing := checkCreateMessageResult(v); len(missing) > 0 {
		return Sample{}, &FileError{Path: inlineSource, Offset: -1, Problem: "not a CreateMessageResult", Missing: missing}
	}
	return Sample{source: inlineSource, result: v.Raw()}, nil
}

// inlineValue parses an inline policy; empty is an error, as an absent
// answer is the caller's to notice before asking.
func inlineValue(raw json.RawMessage) (*jsondoc.Value, error) {
	if len(raw) == 0 {
		return nil, errors.New("empty policy")
	}
	v, err := jsondoc.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	return v, nil
}
