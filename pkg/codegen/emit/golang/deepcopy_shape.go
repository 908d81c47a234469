package golang

import (
	"fmt"

	"github.com/armgen/armgen/pkg/astmodel"
)

// copyKind says what it takes to copy a value so that the copy shares no memory with it.
type copyKind int

const (
	// byValue: assignment copies everything (scalars, enums, structs of scalars).
	byValue copyKind = iota
	// byMethod: a struct that copies itself with DeepCopyInto.
	byMethod
	// The rest need a new pointer, slice or map, whose contents are copied in turn.
	pointerCopy
	sliceCopy
	mapCopy
)

// copyShape is how a type is copied.
type copyShape struct {
	kind copyKind
	// written is the type as the code names it (a named slice type stays named), for make.
	written astmodel.Type
	// elem is the pointee, the slice element or the map value.
	elem astmodel.Type
}

// External types that plain assignment copies fully. Every other external struct type is
// expected to have controller-gen style DeepCopyInto and DeepCopy methods.
var externalByValue = map[astmodel.TypeName]bool{
	astmodel.TypeMetaType: true,
	astmodel.MakeTypeName(astmodel.GenRuntimePackage, "ResourceScope"):     true,
	astmodel.MakeTypeName(astmodel.ConditionsPackage, "ConditionType"):     true,
	astmodel.MakeTypeName(astmodel.ConditionsPackage, "ConditionSeverity"): true,
	astmodel.MakeTypeName(astmodel.MetaV1Package, "ConditionStatus"):       true,
}

// External named types that are not structs, copied as their underlying type.
var externalUnderlying = map[astmodel.TypeName]astmodel.Type{
	astmodel.PropertyBagType: astmodel.MapType{Key: astmodel.StringType, Value: astmodel.StringType},
}

// shapeOf works out how values of t are copied, looking through names to what they stand for.
func (fb *fileBuilder) shapeOf(t astmodel.Type) (copyShape, error) {
	written := t
	// Names may stand for other names; the bound stops a cycle of them from hanging the run.
	for range 100 {
		switch x := t.(type) {
		case astmodel.ValidatedType:
			t = x.Element
		case astmodel.PrimitiveType, astmodel.EnumType:
			return copyShape{kind: byValue}, nil
		case *astmodel.ObjectType, *astmodel.ResourceType:
			return copyShape{kind: byMethod}, nil
		case astmodel.OptionalType:
			return copyShape{kind: pointerCopy, written: written, elem: x.Element}, nil
		case astmodel.ArrayType:
			return copyShape{kind: sliceCopy, written: written, elem: x.Element}, nil
		case astmodel.MapType:
			return copyShape{kind: mapCopy, written: written, elem: x.Value}, nil
		case astmodel.TypeName:
			if def, ok := fb.defs[x]; ok {
				t = def.Type
				continue
			}
			if x.Package.IsAPI() {
				return copyShape{}, fmt.Errorf("reference to undefined type %s", x)
			}
			if externalByValue[x] {
				return copyShape{kind: byValue}, nil
			}
			if u, ok := externalUnderlying[x]; ok {
				t = u
				continue
			}
			return copyShape{kind: byMethod}, nil
		default:
			return copyShape{}, fmt.Errorf("cannot copy %s", t)
		}
	}
	return copyShape{}, fmt.Errorf("%s names itself", written)
}
