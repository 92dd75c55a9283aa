%% @@TITLE@@
%% Tested with @@VERSION@@.
%% Run: escript repro.erl
%%
%% Cowboy's multipart loop over cowlib: the boundary from cow_http_hd:parse_content_type/1, then
%% cow_multipart:parse_headers/2, form_data/1 and parse_body/2 until parse_headers answers done. The
%% whole body is given at once, so `more` means the body ended there (Cowboy would wait for more).
-module(repro).
-export([main/1]).

main(_) ->
    ContentType = @@CONTENT_TYPE@@,
    Body = @@BODY@@,
    {<<"multipart">>, <<"form-data">>, Params} = cow_http_hd:parse_content_type(ContentType),
    {_, Boundary} = lists:keyfind(<<"boundary">>, 1, Params),
    parts(Body, Boundary, 0).

parts(Buffer, Boundary, Index) ->
    case cow_multipart:parse_headers(Buffer, Boundary) of
        {ok, Headers, Rest} ->
            io:format("part ~b: headers=~p~n  form_data=~p~n", [Index, Headers, cow_multipart:form_data(Headers)]),
            After = body(Rest, Boundary, <<>>),
            parts(After, Boundary, Index + 1);
        {done, Epilogue} -> io:format("done, ~b part(s), epilogue ~p~n", [Index, Epilogue]);
        Other -> io:format("parse_headers: ~p after ~b part(s)~n", [Other, Index])
    end.

body(Buffer, Boundary, Acc) ->
    case cow_multipart:parse_body(Buffer, Boundary) of
        {ok, Data} -> io:format("  parse_body: {ok, ~p}: the body ended inside the part~n", [<<Acc/binary, Data/binary>>]), halt(0);
        {ok, Data, {more, Rest}} -> io:format("  parse_body: {ok, ~p, {more, ~p}}~n", [<<Acc/binary, Data/binary>>, Rest]), halt(0);
        {ok, Data, Rest} -> body(Rest, Boundary, <<Acc/binary, Data/binary>>);
        done -> io:format("  body=~p~n", [Acc]), Buffer;
        {done, Rest} -> io:format("  body=~p~n", [Acc]), Rest;
        {done, Data, Rest} -> io:format("  body=~p~n", [<<Acc/binary, Data/binary>>]), Rest
    end.
