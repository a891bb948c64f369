//! The fast lane's check that no key was left unread: a deserializer that forwards
//! everything to serde_json's and raises one flag when a derived `Deserialize` reads
//! a value past (`deserialize_ignored_any`, which is how derived structs skip a key
//! they do not know). Unlike `serde_ignored`, which the slow lane uses to name the
//! key, it tracks no path and allocates nothing (measured: `serde_ignored` on every
//! key made `kifu validate` of a JSON document a third slower).

use std::cell::Cell;
use std::fmt;

use serde::de::{
    DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

/// `T` from `json`, and whether some value was read past (a key `T` does not know).
pub(crate) fn watched<'de, T: serde::Deserialize<'de>>(
    json: &'de str,
) -> Result<(T, bool), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(json);
    let flag = Cell::new(false);
    let value = T::deserialize(Watch {
        de: &mut de,
        flag: &flag,
    })?;
    de.end()?;
    Ok((value, flag.get()))
}

/// `T` read through a watching deserializer, with the flag.
pub(crate) fn watch<'de, T: serde::Deserialize<'de>, D: Deserializer<'de>>(
    de: D,
) -> Result<(T, bool), D::Error> {
    let flag = Cell::new(false);
    let value = T::deserialize(Watch { de, flag: &flag })?;
    Ok((value, flag.get()))
}

/// A deserializer that raises `flag` on every value read past.
struct Watch<'f, D> {
    de: D,
    flag: &'f Cell<bool>,
}

/// The same, around a visitor, a seed and the accessors they are handed.
struct Wrap<'f, X> {
    inner: X,
    flag: &'f Cell<bool>,
}

impl<'f, X> Wrap<'f, X> {
    fn new(inner: X, flag: &'f Cell<bool>) -> Self {
        Wrap { inner, flag }
    }
}

macro_rules! forward {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
                self.de.$method(Wrap::new(visitor, self.flag))
            }
        )*
    };
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Watch<'_, D> {
    type Error = D::Error;

    forward! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
        deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
        deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.flag.set(true);
        self.de.deserialize_ignored_any(visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de
            .deserialize_unit_struct(name, Wrap::new(visitor, self.flag))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de
            .deserialize_newtype_struct(name, Wrap::new(visitor, self.flag))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de
            .deserialize_tuple(len, Wrap::new(visitor, self.flag))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de
            .deserialize_tuple_struct(name, len, Wrap::new(visitor, self.flag))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de
            .deserialize_struct(name, fields, Wrap::new(visitor, self.flag))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.de
            .deserialize_enum(name, variants, Wrap::new(visitor, self.flag))
    }

    fn is_human_readable(&self) -> bool {
        self.de.is_human_readable()
    }
}

macro_rules! visit {
    ($($method:ident: $ty:ty)*) => {
        $(
            fn $method<E: serde::de::Error>(self, v: $ty) -> Result<V::Value, E> {
                self.inner.$method(v)
            }
        )*
    };
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Wrap<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.expecting(f)
    }

    visit! {
        visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_i64: i64
        visit_i128: i128 visit_u8: u8 visit_u16: u16 visit_u32: u32 visit_u64: u64
        visit_u128: u128 visit_f32: f32 visit_f64: f64 visit_char: char
        visit_str: &str visit_borrowed_str: &'de str visit_string: String
        visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.inner.visit_some(Watch {
            de,
            flag: self.flag,
        })
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, de: D) -> Result<V::Value, D::Error> {
        self.inner.visit_newtype_struct(Watch {
            de,
            flag: self.flag,
        })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.inner.visit_seq(Wrap::new(seq, self.flag))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(Wrap::new(map, self.flag))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(Wrap::new(data, self.flag))
    }
}

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Wrap<'_, S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, de: D) -> Result<S::Value, D::Error> {
        self.inner.deserialize(Watch {
            de,
            flag: self.flag,
        })
    }
}

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Wrap<'_, A> {
    type Error = A::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.inner.next_element_seed(Wrap::new(seed, self.flag))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Wrap<'_, A> {
    type Error = A::Error;

    // Keys go to the derived field visitor as they are: an unknown one is seen when
    // its value is read past.
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.inner.next_key_seed(seed)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.inner.next_value_seed(Wrap::new(seed, self.flag))
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

impl<'de, 'f, A: EnumAccess<'de>> EnumAccess<'de> for Wrap<'f, A> {
    type Error = A::Error;
    type Variant = Wrap<'f, A::Variant>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, Self::Variant), A::Error> {
        let flag = self.flag;
        let (value, variant) = self.inner.variant_seed(seed)?;
        Ok((value, Wrap::new(variant, flag)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Wrap<'_, A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.inner.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.inner.newtype_variant_seed(Wrap::new(seed, self.flag))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.inner.tuple_variant(len, Wrap::new(visitor, self.flag))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.inner
            .struct_variant(fields, Wrap::new(visitor, self.flag))
    }
}
