package codegen

import (
	"errors"
	"path/filepath"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
)

// userError turns a failed run's error into what the user should read.
func userError(err error, root string) error {
	// Sources are recorded relative to the spec root (so output does not depend on where the
	// specs live); errors name the file as the user can open it.
	var se *loader.SpecError
	if errors.As(err, &se) && !filepath.IsAbs(se.File) {
		se.File = filepath.Join(root, se.File)
	}
	// A config error starts with file:line:column, as compilers do, so editors can jump to it;
	// the stage that found it adds nothing the user needs.
	var ce *config.Error
	if errors.As(err, &ce) {
		return ce
	}
	return err
}
