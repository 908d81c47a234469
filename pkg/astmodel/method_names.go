package astmodel

import "strings"

// GeneratedMethods are the methods the Go emitter gives object types (deepcopy, ARM conversions,
// JSON of unions); a field of the same name would not compile beside them. A test of the emitter
// holds this list to what it emits.
var GeneratedMethods = []string{
	"ConvertToARM", "DeepCopy", "DeepCopyInto", "DeepCopyObject", "MarshalJSON", "NewEmptyARMValue",
	"PopulateFromARM", "UnmarshalJSON",
}

// GeneratedMethodPrefixes start the names of methods made per type (AssignProperties_To_Foo).
var GeneratedMethodPrefixes = []string{"AssignProperties_"}

// WireMethods are the methods ARM wire types get: only unions have any, but which wire object is
// a union is decided late, so every wire object keeps clear of them.
var WireMethods = []string{"MarshalJSON", "UnmarshalJSON"}

// IsGeneratedMethodIn reports whether a field of an object in pkg named name would meet a
// generated method: wire types have only WireMethods.
func IsGeneratedMethodIn(pkg PackageReference, name string) bool {
	if pkg.ARM {
		for _, m := range WireMethods {
			if name == m {
				return true
			}
		}
		return false
	}
	return IsGeneratedMethod(name)
}

// IsGeneratedMethod reports whether a field named name would meet a generated method.
func IsGeneratedMethod(name string) bool {
	for _, m := range GeneratedMethods {
		if name == m {
			return true
		}
	}
	for _, p := range GeneratedMethodPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// MethodClashSuffix is added to the Go name of a property named like a generated method
// (deepCopy -> DeepCopyProperty); its JSON name stays as it was.
const MethodClashSuffix = "Property"
