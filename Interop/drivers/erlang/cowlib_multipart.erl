%% Erlang's cow_multipart (Debian's erlang-cowlib), the multipart parser of Cowboy (and of Phoenix
%% and Plug when they run on Cowboy), speaking the multipart-check decoder process contract
%% (version 1).
%%
%% The application-facing calls are Cowboy's multipart loop: the boundary is read from the
%% Content-Type with cow_http_hd:parse_content_type/1, then cow_multipart:parse_headers/2 gives
%% each part's headers, cow_multipart:form_data/1 its name and filename, and
%% cow_multipart:parse_body/2 its content, until parse_headers answers `done`. Every part comes back
%% in order with its name, filename and Content-Type. Cowboy reads the body in pieces and asks for
%% more when cowlib answers `more`; here the whole body is given at once, so `more` means the body
%% ended inside a part, which Cowboy answers with 400: a rejection. A Content-Type that is not
%% multipart with a boundary, and a part whose Content-Disposition form_data/1 cannot read, make the
%% handler crash (Cowboy answers with an error status): rejections too. The driver adds no rule of
%% its own.
-module(cowlib_multipart).
-export([main/0]).

main() ->
    ok = io:setopts(standard_io, [binary]),
    Request = read_all(<<>>),
    Answer = case member(Request, <<"version">>) of
        <<"1">> ->
            ContentType = member(Request, <<"content_type">>),
            Body = base64:decode(member(Request, <<"body_base64">>)),
            try decode(ContentType, Body) of
                Parts -> [<<"{\"parts\": [">>, lists:join(<<", ">>, Parts), <<"]}">>]
            catch
                throw:{rejected, Why} -> [<<"{\"error\": ">>, quote(Why), <<"}">>];
                error:Reason -> [<<"{\"error\": ">>, quote(iolist_to_binary(io_lib:format("~p", [Reason]))), <<"}">>]
            end;
        _ -> <<"{\"error\": \"unsupported contract version\"}">>
    end,
    io:put_chars(standard_io, [Answer, <<"\n">>]),
    halt(0).

read_all(Acc) ->
    case io:get_chars(standard_io, "", 65536) of
        eof -> Acc;
        Data -> read_all(<<Acc/binary, Data/binary>>)
    end.

decode(ContentType, Body) ->
    Boundary = case cow_http_hd:parse_content_type(ContentType) of
        {<<"multipart">>, <<"form-data">>, Params} ->
            case lists:keyfind(<<"boundary">>, 1, Params) of
                {_, B} -> B;
                false -> throw({rejected, <<"no boundary parameter">>})
            end;
        _ -> throw({rejected, <<"not multipart/form-data">>})
    end,
    parts(Body, Boundary, []).

parts(Buffer, Boundary, Acc) ->
    case cow_multipart:parse_headers(Buffer, Boundary) of
        {ok, Headers, Rest} ->
            {Content, After} = body(Rest, Boundary, <<>>),
            {Name, Filename, Type} = case cow_multipart:form_data(Headers) of
                {data, N} -> {N, null, header(<<"content-type">>, Headers)};
                {file, N, F, _CType, _TE} -> {N, F, header(<<"content-type">>, Headers)};
                {file, N, F, _CType} -> {N, F, header(<<"content-type">>, Headers)}
            end,
            parts(After, Boundary, [part(Name, Filename, Type, Content) | Acc]);
        {done, _Epilogue} -> lists:reverse(Acc);
        more -> throw({rejected, <<"the body ended before a part's headers">>});
        {more, _} -> throw({rejected, <<"the body ended before a part's headers">>})
    end.

body(Buffer, Boundary, Acc) ->
    case cow_multipart:parse_body(Buffer, Boundary) of
        {ok, _} -> throw({rejected, <<"the body ended inside a part">>});
        {ok, _, {more, _}} -> throw({rejected, <<"the body ended inside a part">>});
        {ok, Data, Rest} -> {<<Acc/binary, Data/binary>>, Rest};
        done -> {Acc, Buffer};
        {done, Rest} -> {Acc, Rest};
        {done, Data, Rest} -> {<<Acc/binary, Data/binary>>, Rest}
    end.

header(Name, Headers) ->
    case lists:keyfind(Name, 1, Headers) of
        {_, Value} -> Value;
        false -> null
    end.

part(Name, Filename, Type, Content) ->
    [<<"{">>, text(<<"name">>, Name), <<", ">>, text(<<"filename">>, Filename), <<", \"content_type\": ">>,
     case Type of null -> <<"null">>; _ -> quote(latin1_to_utf8(Type)) end,
     <<", \"body_base64\": \"">>, base64:encode(Content), <<"\"}">>].

text(Key, null) -> [<<"\"">>, Key, <<"\": null">>];
text(Key, Value) ->
    case unicode:characters_to_binary(Value, utf8, utf8) of
        Utf8 when is_binary(Utf8) -> [<<"\"">>, Key, <<"\": ">>, quote(Utf8)];
        _ -> [<<"\"">>, Key, <<"_base64\": \"">>, base64:encode(Value), <<"\"">>]
    end.

latin1_to_utf8(Bytes) ->
    case unicode:characters_to_binary(Bytes, utf8, utf8) of
        Utf8 when is_binary(Utf8) -> Utf8;
        _ -> unicode:characters_to_binary(Bytes, latin1, utf8)
    end.

%% A JSON string of UTF-8 bytes.
quote(Bytes) -> [<<"\"">>, [escape(C) || <<C>> <= Bytes], <<"\"">>].

escape($") -> <<"\\\"">>;
escape($\\) -> <<"\\\\">>;
escape(C) when C < 16#20 -> io_lib:format("\\u~4.16.0b", [C]);
escape(C) -> C.

%% The value of a top-level member of the request: a string (JSON escapes decoded) or a number.
member(Json, Key) ->
    Pattern = <<"\"", Key/binary, "\"">>,
    case binary:match(Json, Pattern) of
        nomatch -> null;
        {At, Length} ->
            Rest = skip(binary:part(Json, At + Length, byte_size(Json) - At - Length)),
            <<$:, Value0/binary>> = Rest,
            case skip(Value0) of
                <<$", String/binary>> -> unescape(String, <<>>);
                Other -> hd(binary:split(Other, [<<",">>, <<"}">>, <<" ">>]))
            end
    end.

skip(<<C, Rest/binary>>) when C =:= $\s; C =:= $\t; C =:= $\n; C =:= $\r -> skip(Rest);
skip(Bin) -> Bin.

unescape(<<$", _/binary>>, Acc) -> Acc;
unescape(<<$\\, $u, Hex:4/binary, Rest/binary>>, Acc) ->
    Code = binary_to_integer(Hex, 16),
    {Point, Rest2} = case {Code, Rest} of
        {High, <<$\\, $u, Low:4/binary, More/binary>>} when High >= 16#D800, High =< 16#DBFF ->
            {16#10000 + ((High - 16#D800) bsl 10) + (binary_to_integer(Low, 16) - 16#DC00), More};
        _ -> {Code, Rest}
    end,
    unescape(Rest2, <<Acc/binary, (unicode:characters_to_binary([Point]))/binary>>);
unescape(<<$\\, C, Rest/binary>>, Acc) ->
    Byte = case C of $n -> $\n; $r -> $\r; $t -> $\t; $b -> $\b; $f -> $\f; _ -> C end,
    unescape(Rest, <<Acc/binary, Byte>>);
unescape(<<C, Rest/binary>>, Acc) -> unescape(Rest, <<Acc/binary, C>>).
