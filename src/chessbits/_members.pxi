# Attributes as member descriptors: a Python object in a slot of the instance, read by
# CPython's own member descriptor. The interpreter specialises those reads (LOAD_ATTR_SLOT,
# 3.11 on) as it does an instance attribute of a Python class, where Cython's readonly and
# property attributes are getset descriptors it calls through the generic lookup (2-4x the
# time of python-chess's dataclass attributes). Cython declares no member descriptors, so
# they are added to the type here, once, at import.

from cpython.object cimport PyObject, PyTypeObject

cdef extern from *:
    """
    #include <structmember.h>
    #ifndef Py_T_OBJECT_EX
    #define Py_T_OBJECT_EX T_OBJECT_EX
    #define Py_READONLY READONLY
    #endif
    /* Objects for member slots that hold no reference of their own (Board's state): True,
       False, None, the ints below, and ints the board owns. */
    enum { CB_SMALL_INTS = 1024 };
    static PyObject *cb_small_ints[CB_SMALL_INTS];  /* 0..1023, made once (CPython's own up to 256) */

    /* Returns 0 after filling cb_small_ints, -1 on failure. */
    static int cb_slots_init(void) {
      for (long i = 0; i < CB_SMALL_INTS; i++)
        if (!cb_small_ints[i] && !(cb_small_ints[i] = PyLong_FromLong(i))) return -1;
      return 0;
    }

    #define cb_bool(x) ((x) ? Py_True : Py_False)  /* borrowed */
    #define cb_none() Py_None                       /* borrowed */

    /* Returns the int v, borrowed: from cb_small_ints, or made and kept in *own (which
       drops the int it kept before); NULL if it could not be made. */
    static inline PyObject *cb_int(long long v, PyObject **own) {
      if (v >= 0 && v < CB_SMALL_INTS) return cb_small_ints[v];
      PyObject *o = PyLong_FromLongLong(v);
      if (o) { Py_XDECREF(*own); *own = o; }
      return o;
    }

    /* Returns the int b, borrowed, as castling rights: own[0] holds the last large value
       made (bb[0]), own[1] the one before (bb[1]), so a move taken back makes no new int;
       NULL if it could not be made. */
    static inline PyObject *cb_castling(uint64_t b, PyObject **own, uint64_t *bb) {
      if (b < CB_SMALL_INTS) return cb_small_ints[b];
      if (own[0] && bb[0] == b) return own[0];
      if (!(own[1] && bb[1] == b)) {
        PyObject *o = PyLong_FromUnsignedLongLong(b);
        if (!o) return NULL;
        Py_XDECREF(own[1]);
        own[1] = o; bb[1] = b;
      }
      PyObject *t = own[0]; own[0] = own[1]; own[1] = t;
      uint64_t u = bb[0]; bb[0] = bb[1]; bb[1] = u;
      return own[0];
    }

    /* Returns the last item of a non-empty list, removed without giving back its storage
       (push/pop pairs then never reallocate). */
    static inline PyObject *cb_list_pop(PyObject *list) {
      Py_ssize_t n = PyList_GET_SIZE(list);
      PyObject *item = PyList_GET_ITEM(list, n - 1);
      Py_SET_SIZE(list, n - 1);
      return item;
    }

    /* Returns a new reference to a type's attribute dict. */
    static PyObject *cb_type_dict(PyTypeObject *t) {
    #if PY_VERSION_HEX >= 0x030C0000
      return PyType_GetDict(t);
    #else
      Py_INCREF(t->tp_dict);
      return t->tp_dict;
    #endif
    }
    """
    ctypedef struct PyMemberDef:
        const char *name
        int type
        Py_ssize_t offset
        int flags
        const char *doc
    int Py_T_OBJECT_EX
    int Py_READONLY
    object PyDescr_NewMember(PyTypeObject *t, PyMemberDef *d)
    PyObject *cb_bool(bint x)
    PyObject *cb_none()
    # object's own __setattr__/__delattr__ (value NULL), called without the check that
    # refuses object.__setattr__ on a type with a __setattr__ of its own
    int cb_generic_setattr "PyObject_GenericSetAttr"(object o, object name, PyObject *value) except -1
    int cb_slots_init() except -1
    PyObject *cb_small_ints[]
    PyObject *cb_int(long long v, PyObject **own) except NULL
    PyObject *cb_castling(uint64_t b, PyObject **own, uint64_t *bb) except NULL
    int cb_list_append "PyList_Append"(PyObject *list, PyObject *item) except -1
    object cb_list_pop(PyObject *list)
    object cb_type_dict(PyTypeObject *t)
    void PyType_Modified(PyTypeObject *t)

DEF MEMBERS_MAX = 16
cdef PyMemberDef _member_defs[MEMBERS_MAX]  # the descriptors point here for good
cdef int _member_count = 0


cdef list _member_texts = []  # the names and docs the descriptors point at, kept alive


cdef int _expose_members(type cls, object probe, list members) except -1:
    """Add to cls a read-only member descriptor for each (mark, name, doc) of members: the
    object field of probe (an instance of cls) that holds mark, its offset found by looking
    for the mark."""
    global _member_count
    cdef char *base = <char *><PyObject *>probe
    cdef Py_ssize_t size = (<PyTypeObject *>cls).tp_basicsize
    cdef Py_ssize_t off
    cdef PyMemberDef *d
    for mark, name, doc in members:
        off = sizeof(PyObject)
        while off + <Py_ssize_t>sizeof(PyObject *) <= size and (<PyObject **>(base + off))[0] != <PyObject *>mark:
            off += sizeof(PyObject *)
        if off + <Py_ssize_t>sizeof(PyObject *) > size or _member_count == MEMBERS_MAX:
            raise SystemError(f"cannot expose {cls.__name__}.{name.decode()} as a member")
        d = &_member_defs[_member_count]
        _member_count += 1
        _member_texts.extend((name, doc))
        d.name = name
        d.type = Py_T_OBJECT_EX
        d.offset = off
        d.flags = Py_READONLY
        d.doc = doc
        cb_type_dict(<PyTypeObject *>cls)[name.decode()] = PyDescr_NewMember(<PyTypeObject *>cls, d)
    PyType_Modified(<PyTypeObject *>cls)
    return 0


cb_slots_init()
