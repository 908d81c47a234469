package genruntime

import (
	"encoding/json"
	"fmt"
	"maps"
)

// PropertyBag: Properties that a storage version has no field for, kept as JSON so that converting through it loses nothing.
type PropertyBag map[string]string

// NewPropertyBag returns a new bag holding the entries of all bags, later bags winning on clashes.
// It copies so that the caller can change the result without changing the objects the bags came from.
// The result is never nil, so that entries can be added to it straight away.
func NewPropertyBag(bags ...PropertyBag) PropertyBag {
	result := make(PropertyBag)
	for _, bag := range bags {
		maps.Copy(result, bag)
	}

	return result
}

// Add stores value under name as JSON, replacing any earlier value.
// It takes a pointer so that adding to a nil bag works, as storage types start with a nil bag.
func (bag *PropertyBag) Add(name string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("adding %q to property bag: %w", name, err)
	}

	if *bag == nil {
		*bag = make(PropertyBag)
	}

	(*bag)[name] = string(data)
	return nil
}

// Pull decodes the value stored under name into target, which must be a pointer, and removes it from the bag.
// It removes the entry because a value taken out of the bag now lives in a real field, and keeping both would let them disagree.
// It returns false when name is absent. When decoding fails the entry is kept, so the data is not lost.
func (bag PropertyBag) Pull(name string, target any) (bool, error) {
	data, ok := bag[name]
	if !ok {
		return false, nil
	}

	if err := json.Unmarshal([]byte(data), target); err != nil {
		return true, fmt.Errorf("pulling %q from property bag: %w", name, err)
	}

	delete(bag, name)
	return true, nil
}

// Contains reports whether the bag holds a value under name.
func (bag PropertyBag) Contains(name string) bool {
	_, ok := bag[name]
	return ok
}

// Remove discards any value stored under name.
func (bag PropertyBag) Remove(name string) {
	delete(bag, name)
}
