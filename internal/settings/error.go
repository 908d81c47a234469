package settings

import "fmt"

// InvalidSettingError is a setting whose value the operator cannot use.
type InvalidSettingError struct {
	// Name is the environment variable.
	Name string
	// Value is what it held. Settings hold no secrets, so the value is safe to print.
	Value string
	// Expected says what would have been accepted.
	Expected string
}

func (e *InvalidSettingError) Error() string {
	return fmt.Sprintf("setting %s=%q is not valid: expected %s", e.Name, e.Value, e.Expected)
}
