// The one file that calls libphonenumber (include/phone_numbers.h says what for).
#include "phone_numbers.h"

#include <cstring>
#include <string>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

extern "C" size_t transcripts_phone_number_e164(const char *text, const char *region, char *out, size_t capacity) {
    if (text == nullptr || out == nullptr || capacity == 0) return 0;
    const PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    // "ZZ" is the library's unknown region: then only numbers written with "+" and a country code parse.
    const std::string regionCode = region != nullptr && region[0] != '\0' ? region : "ZZ";
    if (util->Parse(text, regionCode, &number) != PhoneNumberUtil::NO_PARSING_ERROR) return 0;
    if (!util->IsPossibleNumber(number)) return 0;
    std::string formatted;
    util->Format(number, PhoneNumberUtil::E164, &formatted);
    if (formatted.empty() || formatted.size() + 1 > capacity) return 0;
    std::memcpy(out, formatted.data(), formatted.size());
    out[formatted.size()] = '\0';
    return formatted.size();
}
